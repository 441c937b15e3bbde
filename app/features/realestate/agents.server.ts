import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import {
  findUserIdByEmail,
  grantPermission,
  listGrantHolders,
  revokePermission,
} from "#app/platform/accounts/grants.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { activeAdmins } from "#app/platform/people/people.server";
import { planById } from "#app/platform/plans/subscription.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { agentPlanFeatures, agentPlanId, agentPlanPermission, realEstateLimits } from "./constants";
import { hasAgentPlan, setAgentListings } from "./properties.server";

// The agent plan: what it gives and what it costs are the "agent" row of the plans
// table; who holds it is a grant of use:agent-plan:any. Until billing subscribes people, an admin
// grants it (audit-logged by the grant itself) and a person asks for it from /real-estate/upgrade.

export interface AgentPlan {
  monthlyPriceUsd: number | null;
  features: string[];
  listingLimit: number;
  freeListingLimit: number;
}

/** The plan as configured (the upgrade page shows it). */
export async function getAgentPlan(): Promise<AgentPlan> {
  const plan = await planById(agentPlanId);
  return {
    monthlyPriceUsd: plan?.monthlyPriceUsdCents != null ? plan.monthlyPriceUsdCents / 100 : null,
    // The row decides what is on offer; unknown keys (no label) are left out.
    features: (plan?.features ?? []).filter((feature) => (agentPlanFeatures as readonly string[]).includes(feature)),
    listingLimit: realEstateLimits.agentListings,
    freeListingLimit: realEstateLimits.freeListings,
  };
}

/** An admin gives a person the agent plan: the grant, and their listings featured, in one transaction. */
export const grantAgentPlan = defineWrite(
  // The grant writes its own audit line (realestate.agent.grant); setAgentListings marks the properties changed too.
  { permission: "manage:user:any", contentKinds: ["properties"] },
  async (
    options: { actor: Actor; email: string; note: string },
    tx: Executor,
  ): Promise<{ userId: string; granted: boolean }> => {
    const userId = await findUserIdByEmail(options.email, tx);
    if (!userId) throw new AppError("not_found", "realestate:admin.errors.noAccount", { field: "email" });
    const granted = await grantPermission(
      {
        actor: options.actor,
        userId,
        permission: agentPlanPermission,
        audit: { action: "realestate.agent.grant", details: { plan: agentPlanId, note: options.note } },
      },
      tx,
    );
    await setAgentListings({ ownerId: userId, agent: true }, tx);
    return { userId, granted };
  },
);

/** An admin takes the plan away: their listings stop being featured at once. */
export const revokeAgentPlan = defineWrite(
  // The revocation writes its own audit line (realestate.agent.revoke).
  { permission: "manage:user:any", contentKinds: ["properties"] },
  async (options: { actor: Actor; userId: string }, tx: Executor) => {
    const removed = await revokePermission(
      {
        actor: options.actor,
        userId: options.userId,
        permission: agentPlanPermission,
        audit: { action: "realestate.agent.revoke", details: { plan: agentPlanId } },
      },
      tx,
    );
    if (!removed) throw new AppError("not_found", "realestate:admin.errors.notAgent");
    await setAgentListings({ ownerId: options.userId, agent: false }, tx);
  },
);

/** Everyone holding the agent plan, for the admin page. */
export async function listAgents(options: { actor: Actor }) {
  const holders = await listGrantHolders({ actor: options.actor, permission: agentPlanPermission });
  return holders.map((holder) => ({
    userId: holder.userId,
    name: holder.name,
    email: holder.email,
    grantedAt: holder.grantedAt.toISOString(),
  }));
}

/**
 * A signed-in person asks for the agent plan: the admins get an email with who asks and why (they
 * grant it on /admin/agents). Limited to a few a day per person.
 */
export async function requestAgentPlan(options: {
  actor: Actor & { email?: string; name?: string };
  message: string;
  language: Language;
}) {
  assertCan(options.actor, "create:property:any");
  if (hasAgentPlan(options.actor)) throw new AppError("conflict", "realestate:upgrade.errors.already");
  await consumeRateLimit({ key: `agent-plan-request:${options.actor.id}`, points: 2, durationSeconds: 24 * 60 * 60 });
  const admins = await activeAdmins();
  await inTransaction(undefined, async (tx) => {
    for (const admin of admins) {
      const language: Language = isLanguage(admin.language) ? admin.language : "en";
      const t = await getTranslator(language);
      const values = {
        name: options.actor.name ?? "",
        email: options.actor.email ?? "",
        message: options.message || "—",
        link: emailLink("/admin/agents", language),
      };
      await sendEmail(
        {
          to: admin.email,
          subject: t("realestate:emails.agentRequest.subject", values),
          text: t("realestate:emails.agentRequest.text", values),
          replyTo: options.actor.email,
        },
        tx,
      );
    }
  });
}
