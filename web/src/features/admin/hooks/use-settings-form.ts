import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings } from '../api/games';
import type { GameId, GameSettingsChange } from '../api/types';
import { useGameMutation } from './use-game-mutation';

/**
 * A game's settings form, from the settings it edits (`base`): the form they start (`toForm`: a text a field), Submit
 * (`check`: the fields that differ from `base`, or the first problem found; sent when something changed) and the
 * problem to show (the check's or the server's). `done`: the toast's text once saved. What it returns is what
 * `SettingsForm` takes.
 */
export function useSettingsForm<S, F extends object, C extends GameSettingsChange>(
  game: { game: GameId; name: string },
  base: S,
  toForm: (base: S) => F,
  check: (form: F, base: S) => { change: C } | { error: string },
  done: string,
) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<F>(() => toForm(base));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: C) => saveSettings(game.game, change), done);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = check(form, base);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem(t('common.nothingChanged'));
    m.mutate(r.change);
  };
  const set = (key: keyof F, text: string) => setForm((s) => ({ ...s, [key]: text }));
  return { game: game.game, name: game.name, form, set, onSubmit, problem: problem || error, saving: m.isPending };
}
