import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { reportOfflineMutation } from '@/lib/query-client';
import { useToasts } from '@/lib/toast';
import { OfflineNotice } from './offline-notice';

let onLine = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
afterEach(() => {
  onLine = true;
});

function Toasts() {
  return (
    <ul>
      {useToasts().map((item) => (
        <li key={item.id}>{item.title}</li>
      ))}
    </ul>
  );
}

describe('offline', () => {
  it('says so while the browser is offline, and stops when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      onLine = false;
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe('Sei offline: vedi gli ultimi dati caricati.');
    act(() => {
      onLine = true;
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('an action failing for the network says it needs a connection, unless it reports its own errors', () => {
    render(<Toasts />);
    const network = new ApiClientError('Network error', { status: 0, kind: 'network' });
    expect(reportOfflineMutation(network, true)).toBe(false);
    expect(reportOfflineMutation(new ApiClientError('x', { status: 400, kind: 'http' }), false)).toBe(false);
    act(() => {
      expect(reportOfflineMutation(network, false)).toBe(true);
    });
    expect(screen.getByText(/Sei offline: questa azione richiede una connessione/)).not.toBeNull();
  });
});
