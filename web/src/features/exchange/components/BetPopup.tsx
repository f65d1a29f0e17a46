import { BetSlip } from '@/components/BetSlip';
import { formatRate } from '../../sports/format';
import { kindLabel, type Pick, type Quote } from '../slip';

interface Props {
  pick: Pick;
  /** The selected price now (it follows the feed while the popup is open); `null` once its market is gone. */
  quote: Quote | null;
  pending: boolean;
  onSubmit: (stakeText: string, quote: Quote) => void;
  onClose: () => void;
}

/**
 * The exchange screen's bet popup: the shared slip (`@/components/BetSlip`) for a team's Lgaai / khaai or a line's
 * YES / NO (with its run value), at the rate shown. An over-market selection clears itself after 7 s left alone.
 */
export function BetPopup({ pick, quote, pending, onSubmit, onClose }: Props) {
  const betFor = `${pick.label} · ${kindLabel(pick.kind)}${pick.market === 'fancy' && quote?.runs != null ? ` ${quote.runs}` : ''}`;
  return (
    <BetSlip
      betFor={betFor}
      kind={pick.kind}
      price={quote && { rate: quote.rate, text: formatRate(quote.rate), open: quote.open }}
      pending={pending}
      autoClear={pick.market === 'fancy'}
      onSubmit={(stake) => quote && onSubmit(stake, quote)}
      onClose={onClose}
    />
  );
}
