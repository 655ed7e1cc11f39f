// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '#shared/schemas/tool.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { ToolForm } from './tool-form.tsx';

const drill: Tool = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
  name: 'Torque MX-40 Magnetic Drill',
  img: '/images/tools/drill.webp',
  description: 'A magnetic base drill.',
  price: 249.5,
  minimumOrder: 5,
  availableQuantity: 75,
  // happy-dom leaves a select that react-hook-form registers on its first option, whatever the
  // default; the browser journey (tests/e2e/store-operations.spec.ts) keeps another category.
  category: 'cordless-drills',
};

/** The store's PATCH /api/tool/{id}: records what was sent and answers the tool with it applied. */
function storeRecordingEdits() {
  const sent: unknown[] = [];
  setApiFetch(async (url, init) => {
    if (url === `/api/tool/${drill._id}` && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<Tool>;
      sent.push(body);
      return Response.json({ ...drill, ...body });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  return sent;
}

function editTheDrill(onSaved: (tool: Tool) => void = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToolForm tool={drill} onSaved={onSaved} />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the product form, filled in to edit a tool', () => {
  afterEach(cleanup);

  it('shows the tool and sends only the fields changed, then says so', async () => {
    const sent = storeRecordingEdits();
    let saved: Tool | undefined;
    const user = editTheDrill((tool) => (saved = tool));
    expect(screen.getByRole('form', { name: `Edit ${drill.name}` })).toBeTruthy();
    const stock = screen.getByLabelText('Available Quantity');
    expect((stock as HTMLInputElement).value).toBe('75');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(drill.name);
    await user.clear(stock);
    await user.type(stock, '400');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`Successfully updated ${drill.name}`)).toBeTruthy();
    expect(sent).toEqual([{ availableQuantity: 400 }]);
    expect(saved?.availableQuantity).toBe(400);
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const sent = storeRecordingEdits();
    const user = editTheDrill();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Nothing has changed yet.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('checks the fields by the same rules as Add Products before sending', async () => {
    const sent = storeRecordingEdits();
    const user = editTheDrill();
    const price = screen.getByLabelText('Price', { exact: false });
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The price must be at least $0.01')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('the edit form when another admin changed or deleted the tool since it opened', () => {
  afterEach(cleanup);

  const V1 = '"v1"';
  const V2 = '"v2"';
  const changedByB = { ...drill, price: 260, description: 'Changed by B.' };
  const CHANGED =
    'This product was changed since you opened it, by another admin or by a sale. Your changes were not saved: reload to see its current values.';

  /** The store as it is once B (or a sale) made it `now`: a save naming V1 is refused (412), one naming V2 passes. */
  function storeChangedTo(now: Tool) {
    const sent: { ifMatch: string | null; body: unknown }[] = [];
    setApiFetch(async (url, init) => {
      if (url === `/api/tool/${drill._id}` && init.method === 'PATCH') {
        const ifMatch = new Headers(init.headers).get('if-match');
        const body = JSON.parse(String(init.body)) as Partial<Tool>;
        sent.push({ ifMatch, body });
        if (ifMatch !== V2) {
          return Response.json(
            { error: { code: 'changed_since_opened', message: CHANGED } },
            { status: 412 },
          );
        }
        return Response.json({ ...now, ...body }, { headers: { etag: '"v3"' } });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    });
    return sent;
  }

  function editTheDrillAt(
    version: string,
    reload: () => Promise<{ tool: Tool; version: string }>,
    onSaved: (tool: Tool) => void = () => {},
  ) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let gone = false;
    render(
      <QueryClientProvider client={queryClient}>
        <ToolForm
          tool={drill}
          version={version}
          reload={reload}
          onSaved={onSaved}
          onGone={() => (gone = true)}
        />
        <ToastContainer {...toastContainerProps} />
      </QueryClientProvider>,
    );
    return { user: userEvent.setup(), gone: () => gone };
  }

  it('names the version it opened; refused, says why and reloads the tool as it is now, whose save passes', async () => {
    const sent = storeChangedTo(changedByB);
    const { user } = editTheDrillAt(V1, async () => ({ tool: changedByB, version: V2 }));
    const price = screen.getByLabelText('Price', { exact: false });
    await user.clear(price);
    await user.type(price, '240');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(sent).toEqual([{ ifMatch: V1, body: { price: 240 } }]);
    expect(screen.queryByText(/Successfully updated/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    expect(await screen.findByText(/The form now shows the product as it is/)).toBeTruthy();
    expect((price as HTMLInputElement).value).toBe('260');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Changed by B.');
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload the product' })).toBeNull();
    // The keyboard is back at the form's start, not lost with the removed Reload button.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    await user.clear(price);
    await user.type(price, '240');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`Successfully updated ${drill.name}`)).toBeTruthy();
    // Only the price: B's description is not written back.
    expect(sent[1]).toEqual({ ifMatch: V2, body: { price: 240 } });
  });

  it('keeps, on reload, the changes to fields no one else changed', async () => {
    // B changed the price and a sale took stock; this admin changed the price and the description.
    const changed = { ...drill, price: 260, availableQuantity: drill.availableQuantity - 3 };
    const sent = storeChangedTo(changed);
    const { user } = editTheDrillAt(V1, async () => ({ tool: changed, version: V2 }));
    const price = screen.getByLabelText('Price', { exact: false });
    const description = screen.getByLabelText('Description') as HTMLTextAreaElement;
    await user.clear(price);
    await user.type(price, '240');
    await user.clear(description);
    await user.type(description, 'Fixed typo.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    expect(await screen.findByText(/with your changes to fields no one else changed/)).toBeTruthy();
    expect((price as HTMLInputElement).value).toBe('260');
    expect(description.value).toBe('Fixed typo.');
    expect((screen.getByLabelText('Available Quantity', { exact: false }) as HTMLInputElement).value).toBe(
      String(changed.availableQuantity),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`Successfully updated ${drill.name}`)).toBeTruthy();
    expect(sent[1]).toEqual({ ifMatch: V2, body: { description: 'Fixed typo.' } });
  });

  it('saves again at once on the new version when only fields the admin left alone changed: a sale took stock', async () => {
    const sold = { ...drill, availableQuantity: drill.availableQuantity - 3 };
    const sent = storeChangedTo(sold);
    let saved: Tool | undefined;
    const { user } = editTheDrillAt(
      V1,
      async () => ({ tool: sold, version: V2 }),
      (tool) => (saved = tool),
    );
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Fixed typo.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(`Successfully updated ${drill.name}`)).toBeTruthy();
    // Only the description, the second time too: the sale's stock is not written back.
    expect(sent).toEqual([
      { ifMatch: V1, body: { description: 'Fixed typo.' } },
      { ifMatch: V2, body: { description: 'Fixed typo.' } },
    ]);
    expect(saved).toEqual({ ...sold, description: 'Fixed typo.' });
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload the product' })).toBeNull();
  });

  it('does not save again when another admin changed the field this admin changed: says so', async () => {
    const sent = storeChangedTo(changedByB);
    const reload = vi.fn(async () => ({ tool: changedByB, version: V2 }));
    const { user } = editTheDrillAt(V1, reload);
    const price = screen.getByLabelText('Price', { exact: false });
    await user.clear(price);
    await user.type(price, '240');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the product' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ ifMatch: V1, body: { price: 240 } }]);
    expect((price as HTMLInputElement).value).toBe('240');
  });

  it('does not save a stock the admin changed when a sale changed it too: says what it is now', async () => {
    const sold = { ...drill, availableQuantity: 72 };
    const sent = storeChangedTo(sold);
    const { user } = editTheDrillAt(V1, async () => ({ tool: sold, version: V2 }));
    const stock = screen.getByLabelText('Available Quantity');
    await user.clear(stock);
    await user.type(stock, '100');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(
      screen.getByText(
        'Its available quantity changed (a sale or another admin) since you opened it: now 72.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ ifMatch: V1, body: { availableQuantity: 100 } }]);
    expect(screen.queryByText(/Successfully updated/)).toBeNull();
  });

  it('gives up after three saves on a tool that changes each time (a sale before every save)', async () => {
    let sales = 0;
    const now = () => ({
      tool: { ...drill, availableQuantity: drill.availableQuantity - sales },
      version: `"s${sales}"`,
    });
    const sent: { ifMatch: string | null; body: unknown }[] = [];
    setApiFetch(async (_url, init) => {
      sent.push({ ifMatch: new Headers(init.headers).get('if-match'), body: JSON.parse(String(init.body)) });
      sales++;
      return Response.json({ error: { code: 'changed_since_opened', message: CHANGED } }, { status: 412 });
    });
    const { user } = editTheDrillAt(V1, async () => now());
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Fixed typo.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(sent.map((save) => save.ifMatch)).toEqual([V1, '"s1"', '"s2"']);
    expect(screen.getByRole('button', { name: 'Reload the product' })).toBeTruthy();
  });

  it('hands a save of a tool deleted since to the page (onGone), without a message of its own', async () => {
    setApiFetch(async () =>
      Response.json({ error: { code: 'not_found', message: 'No tool with this id.' } }, { status: 404 }),
    );
    const { user, gone } = editTheDrillAt(V1, async () => ({ tool: drill, version: V1 }));
    const price = screen.getByLabelText('Price', { exact: false });
    await user.clear(price);
    await user.type(price, '240');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(gone()).toBe(true));
    expect(screen.queryByText('No tool with this id.')).toBeNull();
  });
});
