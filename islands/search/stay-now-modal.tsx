import { useEffect, useRef } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';

// Stay Now: a modal dialog offered between 00:00 and 05:59 Jakarta time (configurable).
export function StayNowModal(props: {
  t: Dictionary['search'];
  nightLabel: string;
  onNow: () => void;
  onLater: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="stay-now-title"
      data-stay-now
      className="m-auto max-w-md rounded-2xl p-6 backdrop:bg-black/50"
      onCancel={(e) => {
        e.preventDefault();
        props.onLater();
      }}
    >
      <h2 id="stay-now-title" className="mb-2 text-xl font-bold">
        {props.t.stayNowTitle}
      </h2>
      <p className="mb-6 text-muted">{fill(props.t.stayNowBody, { date: props.nightLabel })}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
          onClick={props.onLater}
        >
          {props.t.stayLater}
        </button>
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
          onClick={props.onNow}
        >
          {props.t.stayNow}
        </button>
      </div>
    </dialog>
  );
}
