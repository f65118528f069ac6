import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Forgot your password?" (Devise's recoverable): at most one live reset token per user (a newer
 * request replaces it), stored only as its sha256 digest, used once (deleted by the reset),
 * expiring PASSWORD_RESET_TTL_HOURS after created_at.
 */
export class PasswordResetTokens1795640731300 implements MigrationInterface {
  name = 'PasswordResetTokens1795640731300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE password_reset_tokens (
      user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      token_digest varchar(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_reset_tokens`);
  }
}
