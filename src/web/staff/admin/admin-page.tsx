import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../domain/users/entities.ts';
import { usersQuery } from './users-api.ts';
import { RoleGate } from '../role-gate.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { BeatManagement } from './beat-management.tsx';
import { FigureCards } from './figure-cards.tsx';
import { ReporterManagement } from './reporter-management.tsx';
import { ReviewDesk } from './review-desk.tsx';
import { SiteReadership } from '../readership/site-readership.tsx';
import { Tabs } from '../tabs.tsx';
import { SocialSettingsCard } from './social-settings-card.tsx';
import { AlertsSettingsCard } from './alerts-settings-card.tsx';
import { reviewQueueQuery } from '../workflow-api.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { SecurityPolicyCard } from './security-policy-card.tsx';
import { FediverseDesk } from '../fediverse/fediverse-desk.tsx';
import { fediverseOverviewQuery } from '../fediverse/fediverse-api.ts';
import { NewsletterManagement } from '../newsletters/newsletter-management.tsx';
import { MembersTab } from '../members/members-tab.tsx';
import '../staff.css';
import '../security/security.css';

/** /admin: admins only; a signed-in non-admin goes to /dashboard, anyone else to /login. */
export function AdminPage() {
  return (
    <RoleGate need="admin">
      <SignedInAdmin />
    </RoleGate>
  );
}

function SignedInAdmin() {
  const { user } = useAuth();
  return user ? <AdminDashboard me={user} /> : null;
}

function AdminDashboard({ me }: { me: User }) {
  const users = useQuery(usersQuery());
  const queue = useQuery(reviewQueueQuery());
  const fediverse = useQuery(fediverseOverviewQuery());
  const [tab, setTab] = useState<'newsroom' | 'members' | 'newsletters' | 'review' | 'fediverse' | 'security' | 'audit'>('newsroom');
  const waiting = queue.data?.total ?? 0;
  const replies = fediverse.data?.pendingReplies ?? 0;
  return (
    <div className="staff-page admin-page">
      <header className="page-header">
        <div>
          <p className="kicker">Administration</p>
          <h1>Admin Dashboard</h1>
          <p className="muted">Welcome back, {me.username}. Here is how the newsroom is doing.</p>
        </div>
      </header>
      <FigureCards users={users.data} />
      <SiteReadership />
      <Tabs
        label="Admin sections"
        tabs={[
          { key: 'newsroom', label: 'Newsroom' },
          { key: 'members', label: 'Members' },
          { key: 'newsletters', label: 'Newsletters' },
          { key: 'review', label: waiting > 0 ? `Review (${waiting})` : 'Review' },
          { key: 'fediverse', label: replies > 0 ? `Fediverse (${replies})` : 'Fediverse' },
          { key: 'security', label: 'Security' },
          { key: 'audit', label: 'Audit' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'newsroom' ? (
          <div className="admin-grid">
            <ReporterManagement users={users} me={me} />
            <BeatManagement />
            <SocialSettingsCard />
            <AlertsSettingsCard />
          </div>
        ) : tab === 'members' ? (
          <MembersTab />
        ) : tab === 'newsletters' ? (
          <NewsletterManagement />
        ) : tab === 'review' ? (
          <ReviewDesk />
        ) : tab === 'fediverse' ? (
          <FediverseDesk />
        ) : tab === 'security' ? (
          <SecurityPolicyCard />
        ) : (
          <AuditLogPanel users={users} />
        )}
      </Tabs>
    </div>
  );
}
