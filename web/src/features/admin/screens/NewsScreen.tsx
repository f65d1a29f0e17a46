/** The news ticker's items: edit, add, remove, reorder, save. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminErrorMessage } from '../text';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { saveNews, useNewsAdmin } from '../api/money';
import { QueryState } from '../components/QueryState';
import { cleanNews, NEWS_MAX_CHARS } from '../payment';
import { FormError } from '@/components/Field';
import { AdminHead } from '../components/AdminPage';

function NewsForm({ initial }: { initial: string[] }) {
  const { t } = useTranslation('adminMoney');
  const queryClient = useQueryClient();
  const [items, setItems] = useState<string[]>(initial.length ? initial : ['']);
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: saveNews,
    onMutate: () => setError(''),
    onSuccess: () => {
      toast(t('news.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.news() });
      void queryClient.invalidateQueries({ queryKey: ['news'] });
    },
    onError: (err) => setError(adminErrorMessage(err, t('admin:common.savingFailed'))),
  });
  const update = (i: number, v: string) => setItems((list) => list.map((x, j) => (j === i ? v : x)));
  const remove = (i: number) => setItems((list) => list.filter((_, j) => j !== i));
  const move = (i: number, by: -1 | 1) =>
    setItems((list) => {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j] as string, next[i] as string];
      return next;
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = cleanNews(items);
    if ('error' in r) return setError(r.error);
    m.mutate(r.items);
  };
  return (
    <form className="form card admin-form" onSubmit={onSubmit}>
      <FormError error={error} />
      <ol className="news-list">
        {items.map((text, i) => (
          <li key={i} className="news-item">
            <textarea
              aria-label={t('news.item', { n: i + 1 })}
              value={text}
              maxLength={NEWS_MAX_CHARS}
              rows={2}
              onChange={(e) => update(i, e.target.value)}
            />
            <div className="news-tools">
              <span className="muted small">
                {text.length}/{NEWS_MAX_CHARS}
              </span>
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => move(i, -1)}
                disabled={i === 0}
                aria-label={t('news.moveUp', { n: i + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => move(i, 1)}
                disabled={i === items.length - 1}
                aria-label={t('news.moveDown', { n: i + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => remove(i)}
                aria-label={t('news.removeLabel', { n: i + 1 })}
              >
                {t('news.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="form-row">
        <button type="button" className="btn btn-small btn-outline" onClick={() => setItems((l) => [...l, ''])}>
          {t('news.add')}
        </button>
        <button className="btn btn-primary" type="submit" disabled={m.isPending}>
          {m.isPending ? t('admin:common.saving') : t('news.save')}
        </button>
      </div>
    </form>
  );
}

export default function NewsScreen() {
  const { t } = useTranslation('adminMoney');
  const q = useNewsAdmin();
  return (
    <>
      <AdminHead title={t('news.title')}>
        <span className="muted small">{t('news.subtitle')}</span>
      </AdminHead>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.news')} />
      {q.data && <NewsForm key={q.dataUpdatedAt} initial={q.data} />}
    </>
  );
}
