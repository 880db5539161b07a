import type { Db } from '../index.ts';
import { newId } from '../util.ts';

export function feedbackRepository(db: Db) {
  return {
    async add(input: { userId: string; rating: number; description: string; now: string }): Promise<string> {
      const id = newId();
      await db.insertInto('feedback').values({ id, user_id: input.userId, rating: input.rating, description: input.description, created_at: input.now }).execute();
      return id;
    },

    listForUser(userId: string) {
      return db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
