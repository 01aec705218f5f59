import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { User } from '../../../domain/users/entities.ts';
import { policy } from '../../../domain/permissions.ts';
import { authorStoriesQuery } from '../story-api.ts';
import { RoleGate } from '../role-gate.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { LiveStreamPanel } from '../live-studio/live-stream-panel.tsx';
import { RecorderPanel } from '../recorder/recorder-panel.tsx';
import { Tabs, type TabItem } from '../tabs.tsx';
import { MyStories, RecentActivity } from './story-lists.tsx';
import { NewsroomStories } from './newsroom-stories.tsx';
import { BylineNotice } from './byline-notice.tsx';
import { UploadPanel } from '../uploads/upload-panel.tsx';
import { StaffSearch } from './staff-search.tsx';
import { YourStats } from './your-stats.tsx';
import '../staff.css';

type TabKey = 'newsroom' | 'overview' | 'live' | 'record' | 'upload' | 'stories';

/** Whoever may see the newsroom's stories (an admin) gets them first, beside their own figures. */
const NEWSROOM_TAB: TabItem<TabKey> = { key: 'newsroom', label: 'Newsroom' };

const TABS: readonly TabItem<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'live', label: 'Live Stream' },
  { key: 'record', label: 'Record' },
  { key: 'upload', label: 'Upload' },
  { key: 'stories', label: 'My Stories' },
];

/** /dashboard: reporters (admins count); anyone else goes to /login once the sign-in state is known. */
export function DashboardPage() {
  return (
    <RoleGate need="reporter">
      <SignedInDashboard />
    </RoleGate>
  );
}

function SignedInDashboard() {
  const { user } = useAuth();
  return user ? <Dashboard user={user} /> : null;
}

function displayName(user: User): string {
  return user.firstName?.trim() || user.username;
}

function Dashboard({ user }: { user: User }) {
  const newsroom = policy.canSeeNewsroomStories(user);
  const [tab, setTab] = useState<TabKey>(newsroom ? 'newsroom' : 'overview');
  const tabsRef = useRef<HTMLDivElement>(null);
  const stories = useQuery(authorStoriesQuery(user.id));

  const openTab = (key: TabKey) => {
    setTab(key);
    // Quick actions jump to a tab: bring it into view and put focus on it.
    requestAnimationFrame(() => {
      const selected = tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      selected?.focus();
      selected?.scrollIntoView({ block: 'nearest' });
    });
  };

  const list = stories.data ?? [];
  const storiesPanel = (render: () => React.ReactNode) =>
    stories.isPending ? (
      <Spinner label="Loading your stories" />
    ) : stories.isError ? (
      <div className="notice notice-danger" role="alert">
        <p>Your stories could not be loaded.</p>
        <button type="button" className="button button-secondary button-small" onClick={() => void stories.refetch()}>
          Try again
        </button>
      </div>
    ) : (
      render()
    );

  return (
    <div className="staff-page dashboard-page">
      <header className="page-header">
        <div>
          <p className="kicker">Newsroom</p>
          <h1>Reporter Dashboard</h1>
          <p className="muted">Welcome back, {displayName(user)}. Ready to break some news?</p>
        </div>
        <Link to="/story/new" className="button button-primary">
          <span aria-hidden="true">+</span> New Story
        </Link>
      </header>
      <BylineNotice user={user} />

      <div className="dashboard-layout">
        <aside className="dashboard-side">
          <section className="card" aria-labelledby="quick-actions-title">
            <h2 className="card-title" id="quick-actions-title">
              Quick Actions
            </h2>
            <div className="quick-actions">
              <Link to="/story/new" className="quick-action">
                <span className="quick-action-icon" aria-hidden="true">
                  ✎
                </span>
                New Story
              </Link>
              <Link to="/story/new" className="quick-action">
                <span className="quick-action-icon" aria-hidden="true">
                  ★
                </span>
                Featured Story
              </Link>
              <button type="button" className="quick-action quick-action-live" onClick={() => openTab('live')}>
                <span className="quick-action-icon" aria-hidden="true">
                  ●
                </span>
                Go Live
              </button>
            </div>
          </section>
          <YourStats />
          <StaffSearch everyStory={newsroom} />
        </aside>

        <div className="dashboard-main card" ref={tabsRef}>
          <Tabs label="Dashboard sections" tabs={newsroom ? [NEWSROOM_TAB, ...TABS] : TABS} selected={tab} onSelect={setTab}>
            {tab === 'newsroom' ? <NewsroomStories /> : null}
            {tab === 'overview' ? storiesPanel(() => <RecentActivity stories={list} />) : null}
            {tab === 'live' ? <LiveStreamPanel /> : null}
            {tab === 'record' ? <RecorderPanel /> : null}
            {tab === 'upload' ? <UploadPanel user={user} /> : null}
            {tab === 'stories' ? storiesPanel(() => <MyStories stories={list} onCreateFirst={() => openTab('record')} />) : null}
          </Tabs>
        </div>
      </div>
    </div>
  );
}
