export interface BlogPost {
  id: string;
  question: string;
  /** Paragraphs; text between backticks is shown as code. */
  answer: string[];
}

/** The five static question-and-answer cards of /blogs (SPEC §2 Blogs). */
export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    answer: [
      "Start by measuring: the React DevTools Profiler and the browser's Performance panel show which components render too often or too slowly. Then cut the unnecessary work.",
      'Keep state as close as possible to where it is used, so an update re-renders a small subtree instead of the whole app. Wrap expensive pure components in `React.memo` and keep their props stable with `useMemo` and `useCallback`, or let the React Compiler do it. Render long lists with virtualisation so only the visible rows exist in the DOM. Split the bundle with `React.lazy` and dynamic `import()` so each route loads only its own code. Finally, serve optimised images with explicit sizes, and cache server data with a library such as TanStack Query instead of refetching it on every mount.',
    ],
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    answer: [
      'Local state lives in a component with `useState`, or `useReducer` when updates follow several rules. It is the right default for form inputs, toggles and anything only one component cares about. When siblings need the same value, lift the state up to their closest common parent and pass it down as props.',
      'For values many distant components read, such as the signed-in user or the theme, React Context avoids passing props through every level. Server data is a different kind of state: TanStack Query or SWR cache it, refetch it and track loading and errors. Large client-side stores can use Redux Toolkit, Zustand or Jotai. And the URL is state too: route and search params make a view shareable and bookmarkable.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    answer: [
      "Every JavaScript object has a hidden link, `[[Prototype]]`, to another object or to `null`. When you read a property the object does not have, the engine follows that link and looks on the prototype, then on the prototype's prototype, until it finds the property or reaches `null` and returns `undefined`.",
      'This chain is how objects share behaviour without copying it: every array finds `map` and `push` on `Array.prototype`, which in turn links to `Object.prototype`. `Object.create(proto)` sets the link directly, and a function called with `new` gives the new object its `prototype` property as `[[Prototype]]`. The `class` syntax is a clearer way to write the same thing, with `extends` linking one prototype to another. Writing a property always creates it on the object itself, shadowing the inherited one.',
    ],
  },
  {
    id: 'set-state-directly',
    question:
      'Why should you never set the state directly? For example, with `const [products, setProducts] = useState([])`, why not write `products = [...]` instead of calling `setProducts`?',
    answer: [
      'Assigning to `products` only changes a local variable in the current render (with `const` it even throws). React is not told that anything happened, so it schedules no re-render and the screen keeps the old list; on the next render `useState` hands back the value it stored, and the assignment is lost.',
      "Mutating the array in place, such as `products.push(item)`, is just as bad: the state keeps the same reference, so React's `Object.is` comparison sees no change, and memoised children and effects that depend on it are skipped. Calling `setProducts` with a new array tells React to store the value and re-render the component and its children consistently. Use the updater form, `setProducts(prev => [...prev, item])`, when the new value depends on the old one.",
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      "A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it sets up the input, runs the code and asserts on the result, for example that `firstWords('a b c d e f')` returns `'a b c d e...'`. Runners like Vitest or Jest execute hundreds of them in seconds.",
      'We write them because they catch mistakes the moment they are made, long before a customer does. They let us refactor with confidence, since a failing test points at exactly what broke. They document how code is meant to be used with examples that cannot go out of date. And they push us towards small, pure functions that are easier to reuse. Unit tests complement integration and end-to-end tests; they do not replace them.',
    ],
  },
];
