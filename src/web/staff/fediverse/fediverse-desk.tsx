import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HANDLE_MESSAGE, newsroomHandleSchema } from '../../../domain/federation/accounts.ts';
import type { FediverseBlock, FediverseReply, ReplyState } from '../../../domain/federation/moderation.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { ApiError } from '../../api/client.ts';
import { SelectField, TextField } from '../../forms/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  addBlock,
  blocksQuery,
  FEDIVERSE_KEY,
  fediverseOverviewQuery,
  fediverseSettingsQuery,
  moderate,
  removeBlock,
  repliesQuery,
  saveHandle,
} from './fediverse-api.ts';
import { webLinkOrNull } from '../../../domain/federation/remote-address.ts';
import './fediverse.css';
import { countOf } from '../../../domain/plural.ts';

const STATE_LABELS: Record<ReplyState, string> = { pending: 'Waiting', approved: 'Approved', hidden: 'Hidden' };

/**
 * The admin's Fediverse tab (docs/product/api-fediverse.md): the newsroom's handle and followers,
 * replies from the fediverse waiting for a decision (approve, hide, block the account or its whole
 * server), and the blocks.
 */
export function FediverseDesk() {
  return (
    <div className="fediverse-desk">
      <FediverseAccountCard />
      <RepliesPanel />
      <BlocksCard />
    </div>
  );
}

function FediverseAccountCard() {
  const overview = useQuery(fediverseOverviewQuery());
  const settings = useQuery(fediverseSettingsQuery());
  return (
    <section className="card" aria-labelledby="fediverse-account-title">
      <h2 className="card-title" id="fediverse-account-title">
        The newsroom on the fediverse
      </h2>
      {overview.data ? (
        <p className="fediverse-overview">
          <code>{overview.data.newsroom.address}</code>{' '}
          <span className="muted">{countOf(overview.data.newsroom.followers, 'follower')}</span>
        </p>
      ) : null}
      <p className="muted small">
        People on Mastodon, Threads and other fediverse apps follow the newsroom by this handle; every reporter with a published story is
        followed by their username. Stories reach followers as they are published, corrected or taken down.
      </p>
      {settings.data ? <HandleForm key={settings.data.handle} initial={settings.data.handle} /> : null}
    </section>
  );
}

function HandleForm({ initial }: { initial: string }) {
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => saveHandle(handle),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [FEDIVERSE_KEY] });
      toast({ title: 'Handle saved', variant: 'success' });
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? (failure.fields.handle ?? failure.serverMessage ?? undefined) : undefined);
      toast({ title: 'Could not save the handle', variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newsroomHandleSchema.safeParse(handle).success) return setError(HANDLE_MESSAGE);
    save.mutate();
  };
  return (
    <form className="form fediverse-handle-form" noValidate onSubmit={submit}>
      <TextField
        label="The newsroom’s handle"
        hint="What people type after the @. Changing it keeps every follower."
        value={handle}
        maxLength={31}
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        onChange={(event) => {
          setHandle(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

function RepliesPanel() {
  const [state, setState] = useState<ReplyState>('pending');
  const replies = useQuery(repliesQuery(state));
  return (
    <section className="fediverse-replies-panel" aria-labelledby="fediverse-replies-title">
      <div className="panel-heading">
        <h2 className="panel-title" id="fediverse-replies-title">
          Replies from the fediverse
        </h2>
        <div className="segmented" role="group" aria-label="Which replies">
          {(Object.keys(STATE_LABELS) as ReplyState[]).map((key) => (
            <button
              key={key}
              type="button"
              className={`button button-small ${key === state ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={key === state}
              onClick={() => setState(key)}
            >
              {STATE_LABELS[key]}
            </button>
          ))}
        </div>
      </div>
      {replies.isPending ? (
        <Spinner label="Loading replies" />
      ) : replies.isError ? (
        <p role="alert">The replies could not be loaded.</p>
      ) : replies.data.items.length === 0 ? (
        <p className="empty-state">{state === 'pending' ? 'No reply is waiting.' : `No ${STATE_LABELS[state].toLowerCase()} replies.`}</p>
      ) : (
        <ul className="fediverse-reply-rows">
          {replies.data.items.map((reply) => (
            <ReplyRow key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReplyRow({ reply }: { reply: FediverseReply }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [FEDIVERSE_KEY] });
  const decide = useMutation({
    mutationFn: (state: 'approved' | 'hidden') => moderate(reply.id, state),
    onSuccess: async (saved) => {
      await refresh();
      toast({ title: saved.state === 'approved' ? 'Reply approved: it shows under the story' : 'Reply hidden', variant: 'success' });
    },
    onError: () => toast({ title: 'Could not change the reply', variant: 'destructive' }),
  });
  const block = useMutation({
    mutationFn: (kind: FediverseBlock['kind']) => addBlock(kind, kind === 'server' ? reply.host : reply.actor.uri),
    onSuccess: async (saved) => {
      await refresh();
      toast({ title: saved.kind === 'server' ? `${saved.value} is blocked` : 'The account is blocked', variant: 'success' });
    },
    onError: (failure) =>
      toast({
        title: 'Could not block',
        description: failure instanceof ApiError ? (failure.serverMessage ?? undefined) : undefined,
        variant: 'destructive',
      }),
  });
  const who = reply.actor.name ?? reply.actor.handle ?? reply.actor.uri;
  // Only an http(s) address becomes a link (decision 106): another server's word is not trusted to be one.
  const profile = webLinkOrNull(reply.actor.url) ?? webLinkOrNull(reply.actor.uri);
  const busy = decide.isPending || block.isPending;
  return (
    <li className="fediverse-reply-row">
      <p className="fediverse-reply-meta">
        {profile ? (
          <a href={profile} target="_blank" rel="noopener noreferrer nofollow">
            <strong>{who}</strong>
          </a>
        ) : (
          <strong>{who}</strong>
        )}{' '}
        <span className="muted">{reply.actor.handle ?? reply.host}</span>
        <span className="muted">
          {' '}
          on <a href={storyPath({ id: reply.storyId, slug: '' })}>{reply.storyTitle}</a> · {formatFullDate(reply.publishedAt)}
        </span>
      </p>
      {/* Sanitised on the server: paragraphs, line breaks and links only. */}
      <div className="fediverse-reply-content" dangerouslySetInnerHTML={{ __html: reply.content }} />
      <div className="button-row">
        {reply.state !== 'approved' ? (
          <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => decide.mutate('approved')}>
            Approve
          </button>
        ) : null}
        {reply.state !== 'hidden' ? (
          <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => decide.mutate('hidden')}>
            Hide
          </button>
        ) : null}
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => block.mutate('account')}>
          Block account
        </button>
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => block.mutate('server')}>
          Block {reply.host}
        </button>
      </div>
    </li>
  );
}

function BlocksCard() {
  const queryClient = useQueryClient();
  const blocks = useQuery(blocksQuery());
  const [kind, setKind] = useState<FediverseBlock['kind']>('server');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [FEDIVERSE_KEY] });
  const add = useMutation({
    mutationFn: () => addBlock(kind, value),
    onSuccess: async () => {
      setValue('');
      await refresh();
      toast({ title: 'Blocked', variant: 'success' });
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? (failure.fields.value ?? failure.serverMessage ?? 'Could not block') : 'Could not block'),
  });
  const remove = useMutation({ mutationFn: removeBlock, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return setError('Enter a server or an account');
    add.mutate();
  };
  return (
    <section className="card" aria-labelledby="fediverse-blocks-title">
      <h2 className="card-title" id="fediverse-blocks-title">
        Blocked
      </h2>
      <p className="muted small">
        A blocked server or account is refused at the door: its follows end, its replies are hidden, and nothing it sends is kept.
      </p>
      {blocks.isPending ? <Spinner label="Loading blocks" /> : null}
      {blocks.data && blocks.data.length === 0 ? <p className="muted">Nobody is blocked.</p> : null}
      {blocks.data && blocks.data.length > 0 ? (
        <ul className="fediverse-blocks">
          {blocks.data.map((block) => (
            <li key={block.id}>
              <span className="badge">{block.kind === 'server' ? 'Server' : 'Account'}</span> <code>{block.value}</code>{' '}
              <button type="button" className="button button-small button-secondary" onClick={() => remove.mutate(block.id)}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="form fediverse-block-form" noValidate onSubmit={submit}>
        <SelectField label="Block" value={kind} onChange={(event) => setKind(event.target.value as FediverseBlock['kind'])}>
          <option value="server">A whole server</option>
          <option value="account">One account</option>
        </SelectField>
        <TextField
          label={kind === 'server' ? 'Server' : 'Account address'}
          hint={kind === 'server' ? 'For example spam.example' : 'For example https://mastodon.example/users/name'}
          value={value}
          error={error}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button button-small button-danger" disabled={add.isPending}>
          Block
        </button>
      </form>
    </section>
  );
}
