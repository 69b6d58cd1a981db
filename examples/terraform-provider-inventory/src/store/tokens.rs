//! The `tokens` table (the tokens `inventory_token` has open) and the
//! `token_log` table (every token opened, with its fingerprint, never the
//! token itself).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{named_params, Connection, OptionalExtension, Row};
use tfschema::diag::Diagnostics;

use super::{add_missing_columns, new_id, now_rfc3339, rfc3339, Store};

const TOKEN_COLUMNS: &[(&str, &str)] = &[
    ("item_id", "TEXT NOT NULL DEFAULT ''"),
    ("token", "TEXT NOT NULL DEFAULT ''"),
    ("ttl_seconds", "INTEGER NOT NULL DEFAULT 600"),
    ("expires_at", "TEXT NOT NULL DEFAULT ''"),
    ("created_at", "TEXT NOT NULL DEFAULT ''"),
];

const TOKEN_LOG_COLUMNS: &[(&str, &str)] = &[
    ("item_id", "TEXT NOT NULL DEFAULT ''"),
    ("fingerprint", "TEXT NOT NULL DEFAULT ''"),
    ("opened_at", "TEXT NOT NULL DEFAULT ''"),
    ("renewals", "INTEGER NOT NULL DEFAULT 0"),
    ("closed_at", "TEXT"),
];

/// Creates the two tables when missing and adds missing columns (inside
/// the caller's transaction).
pub(super) fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS tokens (id TEXT PRIMARY KEY NOT NULL);
         CREATE TABLE IF NOT EXISTS token_log (id TEXT PRIMARY KEY NOT NULL);",
    )?;
    add_missing_columns(conn, "tokens", TOKEN_COLUMNS)?;
    add_missing_columns(conn, "token_log", TOKEN_LOG_COLUMNS)
}

/// One row of `tokens`: an open token.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct TokenRow {
    /// `tok-<16 hex>`.
    pub id: String,
    /// The item the token is for.
    pub item_id: String,
    /// `invtok_<32 hex>`: the secret itself.
    pub token: String,
    /// How long the token lives; each renewal gives it that long again.
    pub ttl_seconds: i64,
    /// RFC 3339, pushed back by each renewal.
    pub expires_at: String,
    /// RFC 3339.
    pub created_at: String,
}

impl std::fmt::Debug for TokenRow {
    /// The token is left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenRow")
            .field("id", &self.id)
            .field("item_id", &self.item_id)
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

impl TokenRow {
    fn from_sql(r: &Row<'_>) -> rusqlite::Result<TokenRow> {
        Ok(TokenRow {
            id: r.get("id")?,
            item_id: r.get("item_id")?,
            token: r.get("token")?,
            ttl_seconds: r.get("ttl_seconds")?,
            expires_at: r.get("expires_at")?,
            created_at: r.get("created_at")?,
        })
    }
}

/// RFC 3339 for `secs` seconds from now.
fn in_seconds(secs: i64) -> String {
    let at = SystemTime::now() + Duration::from_secs(secs.max(0).unsigned_abs());
    let since = at.duration_since(UNIX_EPOCH).unwrap_or_default();
    rfc3339(since.as_secs(), since.subsec_micros())
}

impl Store {
    /// Issues a token for `item_id` valid for `ttl_seconds`: a row in
    /// `tokens`, and one in `token_log` with the token's fingerprint (made
    /// by `fingerprint`). Expired tokens (left open by a failed run, which
    /// Terraform does not close) are removed first.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn insert_token(
        &self,
        item_id: &str,
        ttl_seconds: i64,
        fingerprint: impl FnOnce(&str) -> String,
    ) -> Result<TokenRow, Diagnostics> {
        self.with("issue token", |c| {
            let now = now_rfc3339();
            c.execute(
                "DELETE FROM tokens WHERE expires_at < :now",
                named_params! {":now": now},
            )?;
            let secret: String =
                c.query_row("SELECT lower(hex(randomblob(16)))", [], |r| r.get(0))?;
            let row = TokenRow {
                id: new_id(c, "tok")?,
                item_id: item_id.to_owned(),
                token: format!("invtok_{secret}"),
                ttl_seconds,
                expires_at: in_seconds(ttl_seconds),
                created_at: now,
            };
            c.execute(
                "INSERT INTO tokens (id, item_id, token, ttl_seconds, expires_at, created_at)
                 VALUES (:id, :item_id, :token, :ttl, :expires_at, :created_at)",
                named_params! {
                    ":id": row.id, ":item_id": row.item_id, ":token": row.token,
                    ":ttl": row.ttl_seconds, ":expires_at": row.expires_at,
                    ":created_at": row.created_at,
                },
            )?;
            c.execute(
                "INSERT INTO token_log (id, item_id, fingerprint, opened_at)
                 VALUES (:id, :item_id, :fingerprint, :opened_at)",
                named_params! {
                    ":id": row.id, ":item_id": row.item_id,
                    ":fingerprint": fingerprint(&row.token), ":opened_at": row.created_at,
                },
            )?;
            Ok(row)
        })
    }

    /// The open token with this id, if any.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn get_token(&self, id: &str) -> Result<Option<TokenRow>, Diagnostics> {
        self.with("read token", |c| {
            c.query_row(
                "SELECT * FROM tokens WHERE id = :id",
                named_params! {":id": id},
                TokenRow::from_sql,
            )
            .optional()
        })
    }

    /// Pushes a token's expiry back by its time to live and counts the
    /// renewal; `None` when the token is gone (closed, or expired and
    /// removed).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn renew_token(&self, id: &str) -> Result<Option<TokenRow>, Diagnostics> {
        self.with("renew token", |c| {
            let Some(mut row) = c
                .query_row(
                    "SELECT * FROM tokens WHERE id = :id",
                    named_params! {":id": id},
                    TokenRow::from_sql,
                )
                .optional()?
            else {
                return Ok(None);
            };
            row.expires_at = in_seconds(row.ttl_seconds);
            c.execute(
                "UPDATE tokens SET expires_at = :expires_at WHERE id = :id",
                named_params! {":id": id, ":expires_at": row.expires_at},
            )?;
            c.execute(
                "UPDATE token_log SET renewals = renewals + 1 WHERE id = :id",
                named_params! {":id": id},
            )?;
            Ok(Some(row))
        })
    }

    /// Revokes a token: deletes its row and notes the time in the log (no
    /// error when it is already gone).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn delete_token(&self, id: &str) -> Result<(), Diagnostics> {
        self.with("revoke token", |c| {
            c.execute(
                "DELETE FROM tokens WHERE id = :id",
                named_params! {":id": id},
            )?;
            c.execute(
                "UPDATE token_log SET closed_at = :now WHERE id = :id AND closed_at IS NULL",
                named_params! {":id": id, ":now": now_rfc3339()},
            )
            .map(drop)
        })
    }
}
