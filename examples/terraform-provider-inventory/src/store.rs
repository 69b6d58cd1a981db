//! The SQLite store: opening the database (tables created or extended on
//! open), the rows of `items` and `tags`, and the queries the resources and
//! data sources run; the tokens of `inventory_token` in [`tokens`].
//!
//! Terraform runs up to ten operations at once and launches the provider
//! several times per command, possibly overlapping: the database is in WAL
//! mode with a busy timeout, so other processes wait for a lock instead of
//! failing, and within one process the connection sits behind a mutex.
//!
//! An item's sku is its client token: [`Store::create_item`] takes over a
//! row with the same sku and values instead of writing a second one, so a
//! create retried after a crash leaves no orphan.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rusqlite::{
    named_params, Connection, OptionalExtension, Row, Transaction, TransactionBehavior,
};
use tfschema::diag::Diagnostics;

pub mod tokens;

/// How long a call waits for another process's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The columns of `items` after the key, with their declarations. Opening a
/// database adds the missing ones, so a file written by an older build keeps
/// working (the schema-v0 build and the default build share this list).
const ITEM_COLUMNS: &[(&str, &str)] = &[
    ("name", "TEXT NOT NULL DEFAULT ''"),
    ("sku", "TEXT NOT NULL DEFAULT ''"),
    ("quantity", "INTEGER NOT NULL DEFAULT 1"),
    ("status", "TEXT NOT NULL DEFAULT 'active'"),
    ("price", "TEXT"),
    ("currency", "TEXT"),
    ("weight_kg", "REAL"),
    ("in_stock", "INTEGER"),
    ("tags", "TEXT"),
    ("categories", "TEXT"),
    ("attributes", "TEXT"),
    ("description", "TEXT"),
    ("notes", "TEXT"),
    ("internal_code", "TEXT"),
    ("secret_fingerprint", "TEXT"),
    ("label", "TEXT"),
    ("dimensions", "TEXT"),
    ("audit", "TEXT"),
    ("locations", "TEXT"),
    ("suppliers", "TEXT"),
    ("variants", "TEXT"),
    ("components", "TEXT"),
    ("created_at", "TEXT NOT NULL DEFAULT ''"),
    ("updated_at", "TEXT NOT NULL DEFAULT ''"),
];

const TAG_COLUMNS: &[(&str, &str)] = &[
    ("key", "TEXT NOT NULL DEFAULT ''"),
    ("value", "TEXT"),
    ("item_id", "TEXT"),
    ("created_at", "TEXT NOT NULL DEFAULT ''"),
];

/// Binds every column of an [`ItemRow`] by name.
macro_rules! item_params {
    ($row:expr) => {
        named_params! {
            ":id": $row.id, ":name": $row.name, ":sku": $row.sku,
            ":quantity": $row.quantity, ":status": $row.status, ":price": $row.price,
            ":currency": $row.currency, ":weight_kg": $row.weight_kg,
            ":in_stock": $row.in_stock, ":tags": $row.tags, ":categories": $row.categories,
            ":attributes": $row.attributes, ":description": $row.description,
            ":notes": $row.notes, ":internal_code": $row.internal_code,
            ":secret_fingerprint": $row.secret_fingerprint, ":label": $row.label,
            ":dimensions": $row.dimensions, ":audit": $row.audit,
            ":locations": $row.locations, ":suppliers": $row.suppliers,
            ":variants": $row.variants, ":components": $row.components,
            ":created_at": $row.created_at, ":updated_at": $row.updated_at,
        }
    };
}

/// One row of `items`. Collections and blocks are stored as the JSON of
/// their Terraform value (tfschema's JSON codec); `price` as decimal text,
/// so it comes back exactly as configured.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ItemRow {
    pub id: String,
    pub name: String,
    pub sku: String,
    pub quantity: i64,
    pub status: String,
    pub price: Option<String>,
    pub currency: Option<String>,
    pub weight_kg: Option<f64>,
    pub in_stock: Option<bool>,
    pub tags: Option<String>,
    pub categories: Option<String>,
    pub attributes: Option<String>,
    pub description: Option<String>,
    pub notes: Option<String>,
    pub internal_code: Option<String>,
    /// A fingerprint of the write-only `api_secret` (never the secret).
    pub secret_fingerprint: Option<String>,
    pub label: Option<String>,
    pub dimensions: Option<String>,
    pub audit: Option<String>,
    pub locations: Option<String>,
    pub suppliers: Option<String>,
    pub variants: Option<String>,
    pub components: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl ItemRow {
    /// A new row with the table's defaults.
    pub fn new() -> ItemRow {
        ItemRow {
            quantity: 1,
            status: "active".into(),
            ..ItemRow::default()
        }
    }

    fn from_sql(r: &Row<'_>) -> rusqlite::Result<ItemRow> {
        Ok(ItemRow {
            id: r.get("id")?,
            name: r.get("name")?,
            sku: r.get("sku")?,
            quantity: r.get("quantity")?,
            status: r.get("status")?,
            price: r.get("price")?,
            currency: r.get("currency")?,
            weight_kg: r.get("weight_kg")?,
            in_stock: r.get("in_stock")?,
            tags: r.get("tags")?,
            categories: r.get("categories")?,
            attributes: r.get("attributes")?,
            description: r.get("description")?,
            notes: r.get("notes")?,
            internal_code: r.get("internal_code")?,
            secret_fingerprint: r.get("secret_fingerprint")?,
            label: r.get("label")?,
            dimensions: r.get("dimensions")?,
            audit: r.get("audit")?,
            locations: r.get("locations")?,
            suppliers: r.get("suppliers")?,
            variants: r.get("variants")?,
            components: r.get("components")?,
            created_at: r.get("created_at")?,
            updated_at: r.get("updated_at")?,
        })
    }
}

/// One row of `tags`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagRow {
    pub id: String,
    pub key: String,
    pub value: Option<String>,
    pub item_id: Option<String>,
    pub created_at: String,
}

impl TagRow {
    fn from_sql(r: &Row<'_>) -> rusqlite::Result<TagRow> {
        Ok(TagRow {
            id: r.get("id")?,
            key: r.get("key")?,
            value: r.get("value")?,
            item_id: r.get("item_id")?,
            created_at: r.get("created_at")?,
        })
    }
}

/// What [`Store::create_item`] did. The sku is an item's client token: a
/// create that finds its sku already stored is a retry of a create whose
/// answer was lost (the provider was killed after the row was written),
/// and takes that row over instead of writing a duplicate.
#[derive(Debug, Clone, PartialEq)]
pub enum Created {
    /// No item had the sku: a new row.
    Inserted(ItemRow),
    /// An item with the sku held exactly the values asked for: that row,
    /// unchanged.
    Adopted(ItemRow),
    /// An item with the sku holds other values: nothing written.
    Conflict(ItemRow),
}

/// Which items [`Store::list_items`] returns.
#[derive(Debug, Clone, Default)]
pub struct ItemFilter<'a> {
    /// Only items with this status.
    pub status: Option<&'a str>,
    /// Only items whose name starts with this.
    pub name_prefix: Option<&'a str>,
    /// At most this many (the first by name); all when `None`.
    pub limit: Option<usize>,
}

/// The provider's client: one connection to the database file.
#[derive(Debug)]
pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    /// Opens (creating it when missing) the database at `path`: WAL mode,
    /// busy timeout, and the tables and columns this build uses.
    ///
    /// # Errors
    /// The file cannot be created or opened, or is not a SQLite database.
    pub fn open(path: &Path) -> Result<Store, Diagnostics> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                Diagnostics::with_error(
                    "Cannot create the database directory",
                    format!("{}: {e}", dir.display()),
                )
            })?;
        }
        // SQLite answers "database is locked" at once, without waiting,
        // where waiting could deadlock: two connections that both read the
        // new file and then both want to switch it to WAL. One of them
        // must start again, so opening is retried until BUSY_TIMEOUT.
        let deadline = Instant::now() + BUSY_TIMEOUT;
        loop {
            match Self::connect(path) {
                Err(e) if is_busy(&e) && Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                result => return result.map_err(|e| open_error(path, e)),
            }
        }
    }

    /// One attempt at [`Store::open`]: the connection, its settings and
    /// the migration.
    fn connect(path: &Path) -> rusqlite::Result<Store> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0))?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        migrate(&conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Runs `f` on the connection; SQLite errors become an error diagnostic.
    fn with<T>(
        &self,
        what: &str,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, Diagnostics> {
        let conn = self.lock()?;
        f(&conn)
            .map_err(|e| Diagnostics::with_error(format!("Database error ({what})"), e.to_string()))
    }

    fn lock(&self) -> Result<MutexGuard<'_, Connection>, Diagnostics> {
        // A panic while holding the lock leaves no half-done transaction
        // behind (SQLite rolls it back), so the connection is still usable.
        Ok(self.conn.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Inserts a new item: assigns its id and timestamps, returns the row
    /// as stored.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn insert_item(&self, row: ItemRow) -> Result<ItemRow, Diagnostics> {
        self.with("insert item", |c| insert_item(c, row))
    }

    /// Creates an item unless one with the same sku exists (see
    /// [`Created`]): looking and inserting happen in one write transaction,
    /// so two processes creating the same sku cannot both insert.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn create_item(&self, row: ItemRow) -> Result<Created, Diagnostics> {
        self.with("create item", |c| {
            let tx = Transaction::new_unchecked(c, TransactionBehavior::Immediate)?;
            let existing = tx
                .query_row(
                    "SELECT * FROM items WHERE sku = :sku ORDER BY created_at, id LIMIT 1",
                    named_params! {":sku": row.sku},
                    ItemRow::from_sql,
                )
                .optional()?;
            let created = match existing {
                Some(found) if same_values(&found, &row) => Created::Adopted(found),
                Some(found) => Created::Conflict(found),
                None => Created::Inserted(insert_item(&tx, row)?),
            };
            tx.commit()?;
            Ok(created)
        })
    }

    /// The item with this id, if any.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn get_item(&self, id: &str) -> Result<Option<ItemRow>, Diagnostics> {
        self.with("read item", |c| {
            c.query_row(
                "SELECT * FROM items WHERE id = :id",
                named_params! {":id": id},
                ItemRow::from_sql,
            )
            .optional()
        })
    }

    /// Writes every column of an existing item and stamps `updated_at`;
    /// `None` when the row is gone.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn update_item(&self, mut row: ItemRow) -> Result<Option<ItemRow>, Diagnostics> {
        self.with("update item", |c| {
            row.updated_at = now_rfc3339();
            let sets = ITEM_COLUMNS
                .iter()
                .map(|(n, _)| format!("{n} = :{n}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!("UPDATE items SET {sets} WHERE id = :id");
            let n = c.execute(&sql, item_params!(row))?;
            Ok((n > 0).then_some(row))
        })
    }

    /// Deletes an item (no error when it is already gone).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn delete_item(&self, id: &str) -> Result<(), Diagnostics> {
        self.with("delete item", |c| {
            c.execute(
                "DELETE FROM items WHERE id = :id",
                named_params! {":id": id},
            )
            .map(drop)
        })
    }

    /// The items matching `filter`, by name then id.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn list_items(&self, filter: &ItemFilter<'_>) -> Result<Vec<ItemRow>, Diagnostics> {
        self.with("list items", |c| {
            let mut stmt = c.prepare(
                "SELECT * FROM items
                 WHERE (:status IS NULL OR status = :status)
                   AND (:prefix IS NULL OR substr(name, 1, length(:prefix)) = :prefix)
                 ORDER BY name, id
                 LIMIT :limit",
            )?;
            // SQLite reads a negative limit as none.
            let limit = filter
                .limit
                .and_then(|n| i64::try_from(n).ok())
                .unwrap_or(-1);
            let rows = stmt.query_map(
                named_params! {
                    ":status": filter.status, ":prefix": filter.name_prefix, ":limit": limit,
                },
                ItemRow::from_sql,
            )?;
            rows.collect()
        })
    }

    /// Inserts a tag, assigning its id and creation time.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn insert_tag(&self, mut row: TagRow) -> Result<TagRow, Diagnostics> {
        self.with("insert tag", |c| {
            row.id = new_id(c, "tag")?;
            row.created_at = now_rfc3339();
            c.execute(
                "INSERT INTO tags (id, key, value, item_id, created_at)
                 VALUES (:id, :key, :value, :item_id, :created_at)",
                named_params! {
                    ":id": row.id, ":key": row.key, ":value": row.value,
                    ":item_id": row.item_id, ":created_at": row.created_at,
                },
            )?;
            Ok(row)
        })
    }

    /// The tag with this id, if any.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn get_tag(&self, id: &str) -> Result<Option<TagRow>, Diagnostics> {
        self.with("read tag", |c| {
            c.query_row(
                "SELECT * FROM tags WHERE id = :id",
                named_params! {":id": id},
                TagRow::from_sql,
            )
            .optional()
        })
    }

    /// The tags with this key on this item (`None`: on no item), oldest
    /// first: what a tag's identity names.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn find_tags(&self, item_id: Option<&str>, key: &str) -> Result<Vec<TagRow>, Diagnostics> {
        self.with("find tags", |c| {
            let mut stmt = c.prepare(
                "SELECT * FROM tags WHERE key = :key AND item_id IS :item_id ORDER BY created_at, id",
            )?;
            let rows = stmt.query_map(
                named_params! {":key": key, ":item_id": item_id},
                TagRow::from_sql,
            )?;
            rows.collect()
        })
    }

    /// Updates a tag's value; `None` when the row is gone.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn update_tag(&self, row: TagRow) -> Result<Option<TagRow>, Diagnostics> {
        self.with("update tag", |c| {
            let n = c.execute(
                "UPDATE tags SET key = :key, value = :value, item_id = :item_id WHERE id = :id",
                named_params! {
                    ":id": row.id, ":key": row.key, ":value": row.value, ":item_id": row.item_id,
                },
            )?;
            Ok((n > 0).then_some(row))
        })
    }

    /// Deletes a tag (no error when it is already gone).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn delete_tag(&self, id: &str) -> Result<(), Diagnostics> {
        self.with("delete tag", |c| {
            c.execute("DELETE FROM tags WHERE id = :id", named_params! {":id": id})
                .map(drop)
        })
    }

    /// Runs SQL directly (tests: changes made behind Terraform's back).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn execute(&self, sql: &str) -> Result<usize, Diagnostics> {
        self.with("execute", |c| c.execute(sql, []))
    }
}

/// Inserts `row` with a new id and timestamps; the row as stored.
fn insert_item(c: &Connection, mut row: ItemRow) -> rusqlite::Result<ItemRow> {
    row.id = new_id(c, "itm")?;
    row.created_at = now_rfc3339();
    row.updated_at = row.created_at.clone();
    let columns = item_column_list();
    let values = ITEM_COLUMNS
        .iter()
        .map(|(n, _)| format!(":{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("INSERT INTO items (id, {columns}) VALUES (:id, {values})");
    c.execute(&sql, item_params!(row))?;
    Ok(row)
}

/// Whether two rows hold the same values, apart from what the store
/// assigns (id, timestamps).
fn same_values(a: &ItemRow, b: &ItemRow) -> bool {
    let values = |r: &ItemRow| ItemRow {
        id: String::new(),
        created_at: String::new(),
        updated_at: String::new(),
        ..r.clone()
    };
    values(a) == values(b)
}

fn item_column_list() -> String {
    ITEM_COLUMNS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether SQLite gave up on a lock another connection holds.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

fn open_error(path: &Path, e: rusqlite::Error) -> Diagnostics {
    Diagnostics::with_error(
        "Cannot open the inventory database",
        format!("{}: {e}", path.display()),
    )
}

/// Creates the tables when missing and adds missing columns, in one
/// write transaction so concurrent first launches do not race.
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let result = (|| {
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY NOT NULL);
             CREATE TABLE IF NOT EXISTS tags (id TEXT PRIMARY KEY NOT NULL);",
        )?;
        add_missing_columns(conn, "items", ITEM_COLUMNS)?;
        add_missing_columns(conn, "tags", TAG_COLUMNS)?;
        tokens::migrate(conn)?;
        conn.execute_batch(
            "CREATE INDEX IF NOT EXISTS items_status ON items (status);
             CREATE INDEX IF NOT EXISTS items_sku ON items (sku);",
        )
    })();
    match result {
        Ok(()) => conn.execute_batch("COMMIT"),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e)
        }
    }
}

fn add_missing_columns(
    conn: &Connection,
    table: &str,
    columns: &[(&str, &str)],
) -> rusqlite::Result<()> {
    let existing: Vec<String> = conn
        .prepare(&format!("PRAGMA table_info({table})"))?
        .query_map([], |r| r.get::<_, String>("name"))?
        .collect::<rusqlite::Result<_>>()?;
    for (name, decl) in columns {
        if !existing.iter().any(|e| e == name) {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {name} {decl}"))?;
        }
    }
    Ok(())
}

/// A random id such as `itm-3f9c0a1b2c3d4e5f`.
fn new_id(conn: &Connection, prefix: &str) -> rusqlite::Result<String> {
    let hex: String = conn.query_row("SELECT lower(hex(randomblob(8)))", [], |r| r.get(0))?;
    Ok(format!("{prefix}-{hex}"))
}

/// The current UTC time as RFC 3339 with microseconds
/// (`2025-01-31T09:30:00.123456Z`).
pub fn now_rfc3339() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    rfc3339(since.as_secs(), since.subsec_micros())
}

fn rfc3339(secs: u64, micros: u32) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{micros:06}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339() {
        assert_eq!(rfc3339(0, 0), "1970-01-01T00:00:00.000000Z");
        assert_eq!(rfc3339(951_782_400, 5), "2000-02-29T00:00:00.000005Z");
        assert_eq!(
            rfc3339(1_735_689_599, 999_999),
            "2024-12-31T23:59:59.999999Z"
        );
    }
}
