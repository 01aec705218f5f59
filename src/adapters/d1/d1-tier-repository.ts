import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tier } from '../../domain/members/entities.ts';
import type { TierRepository, TierWrite } from '../../domain/members/revenue-ports.ts';
import type { Db } from './db.ts';
import { memberTierPrices, memberTiers } from './members-schema.ts';

type TierRow = typeof memberTiers.$inferSelect;

function toTier(row: TierRow): Tier {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthly: { amount: row.monthlyAmount, currency: row.currency },
    yearly: { amount: row.yearlyAmount, currency: row.currency },
    isActive: row.isActive,
    stripeProductId: row.stripeProductId,
    stripeMonthlyPriceId: row.stripeMonthlyPriceId,
    stripeYearlyPriceId: row.stripeYearlyPriceId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Paid tiers in D1 (migrations/0051). Every price a tier ever had is kept, so older subscriptions still name it. */
export class D1TierRepository implements TierRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<Tier[]> {
    const rows = await this.db
      .select()
      .from(memberTiers)
      .orderBy(desc(memberTiers.isActive), asc(memberTiers.monthlyAmount), asc(memberTiers.id));
    return rows.map(toTier);
  }

  async findById(id: number): Promise<Tier | null> {
    const row = await this.db.select().from(memberTiers).where(eq(memberTiers.id, id)).get();
    return row ? toTier(row) : null;
  }

  async findByPrice(priceId: string): Promise<Tier | null> {
    const row = await this.db
      .select({ tier: memberTiers })
      .from(memberTierPrices)
      .innerJoin(memberTiers, eq(memberTiers.id, memberTierPrices.tierId))
      .where(eq(memberTierPrices.stripePriceId, priceId))
      .get();
    return row ? toTier(row.tier) : null;
  }

  /** The tier's two prices, to keep (its id: a number, or the new tier's row found by its product). */
  private prices(tierId: number | SQL, tier: TierWrite, now: string) {
    return this.db
      .insert(memberTierPrices)
      .values([
        { stripePriceId: tier.stripeMonthlyPriceId, tierId, interval: 'month', amount: tier.monthlyAmount, createdAt: now },
        { stripePriceId: tier.stripeYearlyPriceId, tierId, interval: 'year', amount: tier.yearlyAmount, createdAt: now },
      ])
      .onConflictDoNothing();
  }

  async create(tier: TierWrite, now: string): Promise<Tier> {
    // The tier and its prices, together or not at all.
    const [rows] = await this.db.batch([
      this.db
        .insert(memberTiers)
        .values({ ...tier, createdAt: now, updatedAt: now })
        .returning(),
      this.prices(sql`(SELECT id FROM member_tiers WHERE stripe_product_id = ${tier.stripeProductId})`, tier, now),
    ]);
    return toTier(rows[0]!);
  }

  async update(id: number, tier: TierWrite, now: string): Promise<Tier | null> {
    const [rows] = await this.db.batch([
      this.db
        .update(memberTiers)
        .set({ ...tier, updatedAt: now })
        .where(eq(memberTiers.id, id))
        .returning(),
      this.prices(id, tier, now),
    ]);
    return rows[0] ? toTier(rows[0]) : null;
  }
}
