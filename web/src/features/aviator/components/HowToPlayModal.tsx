import { Modal } from '@/components/Modal';

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="How to play" onClose={onClose}>
      <ol className="howto">
        <li>
          <b>Place a bet</b> while the countdown runs. You have two bet panels, so you can play one or two bets in the
          same round. Use the quick buttons (+100 … +5000) or type an amount; Clear empties it. A bet can be cancelled
          (fully refunded) until the countdown ends.
        </li>
        <li>
          <b>Watch the plane.</b> When the round starts the multiplier grows from 1.00x. It can stop — the plane flies
          away — at any moment.
        </li>
        <li>
          <b>TAKE WINNINGS</b> before the plane flies away: you win your stake times the multiplier at the moment the
          server receives your cash-out. If the plane flies away first, the stake is lost.
        </li>
        <li>
          <b>Auto cash-out</b>: tick “Auto cash-out” and enter a multiplier of at least 1.01 before placing the bet. The
          server cashes the bet out for you as soon as the multiplier reaches that value — even if you close the page.
          You can still take winnings earlier by hand.
        </li>
        <li>
          <b>Provably fair</b>: every crash point comes from a pre-committed hash chain. Open “Fair” to see the
          published commitment, each round’s revealed hash and a link to verify it.
        </li>
      </ol>
    </Modal>
  );
}
