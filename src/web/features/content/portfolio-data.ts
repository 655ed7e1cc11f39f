// EDIT ME: everything /myPortfolio shows comes from this one file. Change the words and links
// here; the page's layout picks them up without touching any component.

export interface Education {
  degree: string;
  school: string;
  years: string;
  details: string;
}

export interface Project {
  name: string;
  description: string;
  stack: string[];
  /** Opened in a new tab from the project's 'Go Live' link. */
  liveUrl: string;
}

export const portfolio = {
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  greeting: "Hi, I'm Alex Morgan",
  intro:
    'I build fast, accessible web stores and the APIs behind them. I designed and built the Torque storefront, from the product catalogue to card payments and the admin dashboard.',
  contact: {
    email: 'alex.morgan@torque-tools.example',
    phone: '+1 800 555 0147',
    location: 'Dayton, Ohio, USA',
    availability: 'Open to freelance and full-time work',
  },
  education: [
    {
      degree: 'BSc in Computer Science and Engineering',
      school: 'University of Dayton',
      years: '2017 – 2021',
      details:
        'Focus on software engineering, databases and human-computer interaction. Graduated with honours.',
    },
    {
      degree: 'Complete Web Development Course',
      school: 'Programming Hero',
      years: '2021 – 2022',
      details:
        'Six months of full-stack JavaScript: React, Node.js, Express and MongoDB, with twelve shipped projects.',
    },
  ] satisfies Education[],
  technologies: {
    frontEnd: [
      'HTML5 & CSS3',
      'JavaScript (ES2024)',
      'TypeScript',
      'React',
      'React Router',
      'TanStack Query',
      'Tailwind CSS & daisyUI',
    ],
    backEnd: [
      'Node.js',
      'Fastify & Express',
      'PostgreSQL',
      'MongoDB',
      'REST API design',
      'Authentication & JWT',
      'Stripe payments',
    ],
  },
  projects: [
    {
      name: 'Torque Tools Store',
      description:
        'A manufacturer storefront with bulk ordering, card payments, customer reviews and an admin dashboard for orders and products.',
      stack: ['React', 'Fastify', 'PostgreSQL'],
      liveUrl: 'https://torque-tools.example',
    },
    {
      name: 'Workshop Inventory',
      description:
        'A warehouse stock tracker with barcode scanning, low-stock alerts and a live dashboard shared across teams.',
      stack: ['React', 'Node.js', 'MongoDB'],
      liveUrl: 'https://inventory.example.com',
    },
    {
      name: 'Site Planner',
      description:
        'A booking calendar for construction crews that schedules equipment hire and sends reminders by email.',
      stack: ['TypeScript', 'Express', 'Tailwind CSS'],
      liveUrl: 'https://planner.example.com',
    },
  ] satisfies Project[],
};
