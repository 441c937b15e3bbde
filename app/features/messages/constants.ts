export const messageLimits = { nameMax: 100, bodyMax: 2000, threadsPerPage: 50 } as const;

/**
 * Visitor messages per address and per email per hour; per business from everyone together (the
 * owner's inbox is the recipient: limits on senders alone let many senders flood it); owner
 * replies per hour, and replies to one visitor's address per hour from every owner together (the
 * address was typed by whoever wrote, and nobody confirmed it: a reply is the one mail it gets).
 */
export const messageRateLimit = {
  perIp: 5,
  perEmail: 5,
  perBusiness: 20,
  repliesPerOwner: 60,
  repliesPerVisitorEmail: 10,
  windowSeconds: 3600,
} as const;
