// @vitest-environment jsdom
/** The cluster screen on a fake server: a server alone, the nodes and leases of a cluster, a move asked and refused. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClusterScreen from './ClusterScreen';
import { cleanUpAfterEach, renderWithClient, reply } from '@/testing/server';

const single = { mode: 'single', node: null, nodes: [], leases: [] };
const cluster = {
  mode: 'cluster',
  node: 'node-b',
  nodes: [
    { id: 'node-a', address: '10.0.0.1:8080', seenMsAgo: 800, live: true, leases: 3 },
    { id: 'node-b', address: '10.0.0.2:8080', seenMsAgo: 1500, live: true, leases: 2 },
    { id: 'node-c', address: '10.0.0.3:8080', seenMsAgo: 45_000, live: false, leases: 0 },
  ],
  // As the server orders them: by text.
  leases: [
    { resource: 'aviator', owner: 'node-a', epoch: 7, expiresInMs: 4200, movingTo: null },
    { resource: 'games', owner: 'node-b', epoch: 3, expiresInMs: 3900, movingTo: 'node-a' },
    { resource: 'wallet:0', owner: 'node-a', epoch: 2, expiresInMs: 5000, movingTo: null },
    { resource: 'wallet:1', owner: 'node-b', epoch: 2, expiresInMs: -1000, movingTo: null },
    { resource: 'wallet:10', owner: null, epoch: 0, expiresInMs: -90_000, movingTo: null },
    { resource: 'wallet:2', owner: 'node-a', epoch: 5, expiresInMs: 2000, movingTo: null },
  ],
};

let view: unknown;
let fetchMock: ReturnType<typeof vi.fn>;
let moveReply: () => Response;

beforeEach(() => {
  view = cluster;
  moveReply = () => reply(400, { error: 'bad_node', message: 'Move to a live node, from a node that holds the lease' });
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'GET' && path === '/api/admin/cluster') return reply(200, view);
    if (init?.method === 'POST') return moveReply();
    return reply(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
cleanUpAfterEach();

const renderScreen = () => renderWithClient(<ClusterScreen />);

const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

/** Choose `to` for `resource`, press Move, confirm. */
async function move(resource: string, to: string) {
  const row = await screen.findByTestId(`cluster-lease-${resource}`);
  fireEvent.change(within(row).getByLabelText(`Node to move ${resource} to`), { target: { value: to } });
  fireEvent.click(within(row).getByRole('button', { name: `Move ${resource}` }));
  const dialog = await screen.findByRole('dialog', { name: `Move ${resource}` });
  fireEvent.click(within(dialog).getByRole('button', { name: `Move to ${to}` }));
  return row;
}

describe('cluster screen', () => {
  it('says a server alone runs no cluster, and shows no tables', async () => {
    view = single;
    const r = renderScreen();
    expect((await screen.findByTestId('cluster-single')).textContent).toMatch(/runs alone: there is no cluster/);
    expect(screen.queryByTestId('cluster-nodes')).toBeNull();
    expect(screen.queryByTestId('cluster-leases')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(r.container.textContent).not.toMatch(/undefined|NaN/);
  });

  it('shows which node answered, every node and every lease in natural order', async () => {
    const r = renderScreen();
    const nodes = await screen.findByTestId('cluster-nodes');
    expect(within(screen.getByTestId('cluster-self')).getByText('node-b')).toBeTruthy();
    expect(screen.getByTestId('cluster-self').textContent).toContain('2 of 3');
    const a = within(nodes).getByTestId('cluster-node-node-a');
    expect(a.textContent).toContain('10.0.0.1:8080');
    expect(within(a).getByText('Live')).toBeTruthy();
    expect(within(a).getByText('0.8 s ago')).toBeTruthy();
    expect(within(a).queryByText('this node')).toBeNull();
    expect(within(within(nodes).getByTestId('cluster-node-node-b')).getByText('this node')).toBeTruthy();
    const c = within(nodes).getByTestId('cluster-node-node-c');
    expect(within(c).getByText('Stale')).toBeTruthy();
    expect(within(c).getByText('45 s ago')).toBeTruthy();
    expect(within(c).getByText('0')).toBeTruthy();

    const leases = screen.getByTestId('cluster-leases');
    const rows = within(leases)
      .getAllByTestId(/^cluster-lease-/)
      .map((row) => row.getAttribute('data-testid'));
    expect(rows).toEqual(
      ['aviator', 'games', 'wallet:0', 'wallet:1', 'wallet:2', 'wallet:10'].map((x) => `cluster-lease-${x}`),
    );
    const aviator = within(leases).getByTestId('cluster-lease-aviator');
    expect(aviator.textContent).toContain('node-a');
    expect(within(aviator).getByText('7')).toBeTruthy();
    expect(within(aviator).getByText('in 4.2 s')).toBeTruthy();
    expect(within(within(leases).getByTestId('cluster-lease-games')).getByText('moving to node-a')).toBeTruthy();
    expect(within(within(leases).getByTestId('cluster-lease-wallet:1')).getByText('expired 1.0 s ago')).toBeTruthy();
    // A lease is moved only to a live node that does not own it; an unowned one cannot be moved.
    const options = within(aviator)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(['node-b']);
    const unowned = within(leases).getByTestId('cluster-lease-wallet:10');
    expect(within(unowned).getByRole('button', { name: 'Move wallet:10' })).toHaveProperty('disabled', true);
    expect(r.container.textContent).not.toMatch(/undefined|NaN/);
  });

  it('posts the chosen node, after a confirmation, and shows the server’s refusal', async () => {
    renderScreen();
    const row = await move('wallet:1', 'node-a');
    await waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toBe('Move to a live node, from a node that holds the lease'),
    );
    expect(posts()).toHaveLength(1);
    const [path, init] = posts()[0] as [string, RequestInit];
    expect(path).toBe('/api/admin/cluster/leases/wallet%3A1/move');
    expect(JSON.parse(String(init.body))).toEqual({ to: 'node-a' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    renderScreen();
    const row = await screen.findByTestId('cluster-lease-aviator');
    fireEvent.click(within(row).getByRole('button', { name: 'Move aviator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move aviator' });
    expect(within(dialog).getByTestId('lease-move-confirm-text').textContent).toBe(
      'Move aviator from node-a to node-b?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('notes an accepted move, refreshes, and says when the lease has moved', async () => {
    moveReply = () => {
      view = {
        ...cluster,
        leases: cluster.leases.map((l) => (l.resource === 'aviator' ? { ...l, movingTo: 'node-b' } : l)),
      };
      return reply(202, { resource: 'aviator', owner: 'node-a', movingTo: 'node-b' });
    };
    renderScreen();
    const row = await move('aviator', 'node-b');
    await waitFor(() =>
      expect(within(row).getByRole('status').textContent).toBe(
        'Move asked: node-a hands aviator to node-b at its next safe point.',
      ),
    );
    await waitFor(() => expect(within(row).getByText('moving to node-b')).toBeTruthy());
    // The owner hands it over a few seconds later: the next refresh shows it.
    view = {
      ...cluster,
      leases: cluster.leases.map((l) => (l.resource === 'aviator' ? { ...l, owner: 'node-b', epoch: 8 } : l)),
    };
    await waitFor(() => expect(within(row).getByRole('status').textContent).toBe('Moved: node-b runs aviator now.'), {
      timeout: 4000,
    });
    expect(within(row).getByText('8')).toBeTruthy();
  });

  it('shows a load failure', async () => {
    view = null;
    fetchMock.mockImplementation(async () => reply(500, { error: 'internal', message: 'database unavailable' }));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toBe('database unavailable');
  });

  it('keeps the last view when a refresh fails, and says so', async () => {
    renderScreen();
    await screen.findByTestId('cluster-nodes');
    fetchMock.mockImplementation(async () => reply(500, { error: 'internal', message: 'database unavailable' }));
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/^The last refresh failed: this is the view from /),
      { timeout: 4000 },
    );
    expect(screen.getByTestId('cluster-node-node-a')).toBeTruthy();
  });
});
