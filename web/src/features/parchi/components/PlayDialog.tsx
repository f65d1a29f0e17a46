import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, InputField } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { formatInr } from '@/lib/money';
import { usePlayers } from '../api/get-players';
import {
  checkPlay,
  DEFAULT_STAKE,
  firstChoices,
  isFilled,
  playRequest,
  profitOf,
  secondChoices,
  STAKES,
} from '../rules';
import type { ParchiBoard, ParchiCard, Player, PlayRequest } from '../api/types';

interface Props {
  match: string;
  board: ParchiBoard;
  /** The card as the board has it now (it may fill while the dialog is open). */
  card: ParchiCard;
  /** The player's balance, if known. */
  balance: number | undefined;
  pending: boolean;
  onSubmit: (req: PlayRequest) => void;
  onRefused: (message: string) => void;
  onClose: () => void;
}

/** A stake as the list shows it: "1,000". */
const grouped = (n: number) => n.toLocaleString('en-IN');

/** Options grouped by team, in the order the server lists them. */
function PlayerOptions({ players }: { players: Player[] }) {
  const teams = [...new Set(players.map((p) => p.teamName))];
  return (
    <>
      {teams.map((t) => (
        <optgroup key={t} label={t}>
          {players
            .filter((p) => p.teamName === t)
            .map((p) => (
              <option key={p.playername} value={p.playername}>
                {p.playername} ({p.score})
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

interface PlayerSelectProps {
  id: string;
  label: string;
  value: string;
  /** A filled card's player: shown, not chosen. */
  fixed: boolean;
  /** The first option (none chosen yet) and the players to choose from. */
  none: string;
  players: Player[];
  onChange: (name: string) => void;
}

/** A card's player: one of the free players, or the filled card's own (fixed). */
function PlayerSelect({ id, label, value, fixed, none, players, onChange }: PlayerSelectProps) {
  return (
    <Field id={id} label={label}>
      <select id={id} className="pc-select" value={value} disabled={fixed} onChange={(e) => onChange(e.target.value)}>
        {fixed ? (
          <option value={value}>{value}</option>
        ) : (
          <>
            <option value="">{none}</option>
            <PlayerOptions players={players} />
          </>
        )}
      </select>
    </Field>
  );
}

const has = (list: Player[], name: string) => list.some((p) => p.playername === name);

/**
 * The play dialog: the points (profit equal to them), and for an empty card two of the match's players on no card
 * (the second never the first); a filled card's two players are fixed. Submit checks the balance and the players
 * first (the spec's messages), then sends; it is disabled while a play is on its way.
 */
export function PlayDialog({ match, board, card, balance, pending, onSubmit, onRefused, onClose }: Props) {
  const { t } = useTranslation('parchi');
  const filled = isFilled(card);
  const players = usePlayers(match);
  const all = players.data ?? [];
  const [points, setPoints] = useState<number>(DEFAULT_STAKE);
  const [p1, setP1] = useState('');
  const [p2, setP2] = useState('');
  const first = firstChoices(all, board);
  const second = secondChoices(all, board, p1);
  // A choice someone else put on a card meanwhile no longer counts.
  const player1 = filled ? (card.player1 ?? '') : has(first, p1) ? p1 : '';
  const player2 = filled ? (card.player2 ?? '') : has(second, p2) ? p2 : '';

  const submit = () => {
    if (pending) return;
    const refusal = checkPlay({ balance, points, player1, player2 });
    if (refusal) return onRefused(refusal);
    onSubmit(playRequest(card, points, player1, player2));
  };

  return (
    <Modal title={t('dialog.title', { card: card.card })} onClose={onClose}>
      <form
        className="form pc-dialog"
        data-testid="parchi-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="pc-points" label={t('dialog.points')}>
          <select
            id="pc-points"
            className="pc-select"
            value={points}
            onChange={(e) => setPoints(Number(e.target.value))}
          >
            {STAKES.map((s) => (
              <option key={s} value={s}>
                {grouped(s)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="pc-profit"
          label={t('dialog.profit')}
          readOnly
          value={formatInr(profitOf(points))}
          data-testid="parchi-profit"
        />
        <PlayerSelect
          id="pc-player1"
          label={t('card.player1')}
          value={player1}
          fixed={filled}
          none={t('dialog.selectPlayer1')}
          players={first}
          onChange={(name) => {
            setP1(name);
            if (name === p2) setP2('');
          }}
        />
        <PlayerSelect
          id="pc-player2"
          label={t('card.player2')}
          value={player2}
          fixed={filled}
          none={t('dialog.selectPlayer2')}
          players={second}
          onChange={setP2}
        />
        {filled ? (
          <p className="note" data-testid="parchi-dialog-note">
            {t('dialog.lockedNote')}
          </p>
        ) : (
          <p className="note" data-testid="parchi-dialog-note">
            {players.isPending
              ? t('dialog.loadingPlayers')
              : players.isError
                ? t('dialog.playersFailed')
                : t('dialog.lockNote')}
          </p>
        )}
        <div className="bet-actions">
          <button type="button" className="btn btn-outline pc-cancel" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-bet" disabled={pending}>
            {pending ? t('dialog.placing') : t('dialog.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
