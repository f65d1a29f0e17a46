// @vitest-environment jsdom
/** The scratch card: covered at first, opened by Reveal or by scratching 30 %, covered again for a new round. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScratchCard } from './ScratchCard';

/** A 2D context whose pixels are `alpha` everywhere (what getImageData reads back after the strokes). */
function fakeContext(alpha: () => number) {
  const noop = () => undefined;
  return {
    setTransform: noop,
    createLinearGradient: () => ({ addColorStop: noop }),
    fillRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    stroke: noop,
    arc: noop,
    fill: noop,
    fillText: noop,
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      data: new Uint8ClampedArray(w * h * 4).map((_, i) => (i % 4 === 3 ? alpha() : 0)),
    }),
  } as unknown as CanvasRenderingContext2D;
}

function sized(canvas: HTMLElement) {
  Object.defineProperty(canvas, 'clientWidth', { configurable: true, value: 100 });
  Object.defineProperty(canvas, 'clientHeight', { configurable: true, value: 50 });
  Object.defineProperty(canvas, 'width', { configurable: true, writable: true, value: 100 });
  Object.defineProperty(canvas, 'height', { configurable: true, writable: true, value: 50 });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const card = () => screen.getByTestId('scratch-card');

describe('scratch card', () => {
  it('opens at once with Reveal, and a new round covers it again', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { rerender } = render(
      <ScratchCard roundId={5}>
        <p data-testid="result">Sun wins!</p>
      </ScratchCard>,
    );
    expect(card().getAttribute('data-state')).toBe('covered');
    expect(card().getAttribute('aria-label')).toBe("Scratch card: this round's result");
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(card().getAttribute('data-state')).toBe('open');
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(screen.getByTestId('result').textContent).toBe('Sun wins!');
    rerender(
      <ScratchCard roundId={6}>
        <p data-testid="result">Kite wins!</p>
      </ScratchCard>,
    );
    expect(card().getAttribute('data-state')).toBe('covered');
    expect(card().getAttribute('data-round')).toBe('6');
  });

  it('opens once the strokes have cleared 30 % of the cover, and stays open', () => {
    let alpha = 255;
    const ctx = fakeContext(() => alpha);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    render(
      <ScratchCard roundId={9}>
        <p>Cow wins!</p>
      </ScratchCard>,
    );
    const canvas = screen.getByTestId('scratch-canvas');
    sized(canvas);
    const stroke = () => {
      fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
      fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 60, clientY: 5 });
      fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 60, clientY: 5 });
    };
    stroke();
    expect(card().getAttribute('data-state')).toBe('covered');
    alpha = 0;
    act(stroke);
    expect(card().getAttribute('data-state')).toBe('open');
    alpha = 255;
    act(stroke);
    expect(card().getAttribute('data-state')).toBe('open');
  });
});
