//! `inventory_token`: an ephemeral resource (Terraform 1.10+). A short-lived
//! access token for an item: open records it in the `tokens` table (and its
//! fingerprint in `token_log`), renew pushes its expiry back, close deletes
//! it. Terraform never stores the token; it can feed a write-only
//! attribute such as `inventory_item.api_secret`.

use std::time::{Duration, SystemTime};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, EphemeralResource, Opened};
use tfschema::{PathStep, TfSchema, TfValue, Unknown};

use crate::item::fingerprint;
use crate::store::Store;

/// The time to live of a token when `ttl_seconds` is not set.
pub const DEFAULT_TTL_SECONDS: i64 = 600;

/// A short-lived access token for an inventory item, valid while Terraform
/// uses it: it is revoked when Terraform is done with it.
#[derive(TfSchema, TfValue, Clone, PartialEq)]
#[tf(ephemeral, debug)]
pub struct Token {
    /// The id of the item the token grants access to.
    #[tf(validate(length(min = 1)))]
    pub item_id: String,
    /// How long the token lives, in seconds (default 600); Terraform renews
    /// it halfway through while it still needs it.
    #[tf(optional, computed, validate(range(min = 2, max = 86400)))]
    pub ttl_seconds: Unknown<Option<i64>>,
    /// The token.
    #[tf(computed, sensitive)]
    pub token: Unknown<String>,
    /// When the token expires unless renewed (RFC 3339).
    #[tf(computed)]
    pub expires_at: Unknown<String>,
}

/// What renew and close need: the token's row id (not the token).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct TokenPrivate {
    /// The token's row id in `tokens`.
    pub id: String,
}

/// The `inventory_token` ephemeral resource.
#[derive(Debug, Clone, Copy, Default)]
pub struct TokenResource;

/// Halfway through a time to live.
fn renew_at(ttl_seconds: i64) -> SystemTime {
    let millis = ttl_seconds.max(0).unsigned_abs() * 500;
    SystemTime::now() + Duration::from_millis(millis)
}

impl EphemeralResource for TokenResource {
    type Client = Store;
    type Model = Token;
    type Private = TokenPrivate;

    async fn open(
        &self,
        ctx: &mut Ctx<Store>,
        mut config: Token,
    ) -> Result<Opened<Token, TokenPrivate>, Diagnostics> {
        let store = ctx.client()?;
        if store.get_item(&config.item_id)?.is_none() {
            let mut d = Diagnostics::new();
            d.error(
                &[PathStep::Attr("item_id".into())],
                "Item not found",
                format!(
                    "No inventory item has the id {:?}; a token is issued for an existing item.",
                    config.item_id
                ),
            );
            return Err(d);
        }
        let ttl = match config.ttl_seconds {
            Unknown::Known(Some(ttl)) => ttl,
            _ => DEFAULT_TTL_SECONDS,
        };
        let row = store.insert_token(&config.item_id, ttl, fingerprint)?;
        config.ttl_seconds = Unknown::Known(Some(ttl));
        config.token = Unknown::Known(row.token);
        config.expires_at = Unknown::Known(row.expires_at);
        Ok(Opened::new(config, TokenPrivate { id: row.id }).renew_at(renew_at(ttl)))
    }

    async fn renew(
        &self,
        ctx: &mut Ctx<Store>,
        private: &mut TokenPrivate,
    ) -> Result<Option<SystemTime>, Diagnostics> {
        match ctx.client()?.renew_token(&private.id)? {
            Some(row) => Ok(Some(renew_at(row.ttl_seconds))),
            None => Err(Diagnostics::with_error(
                "Token revoked",
                format!(
                    "The inventory token {:?} no longer exists (it was closed, or expired and was removed); it cannot be renewed.",
                    private.id
                ),
            )),
        }
    }

    async fn close(&self, ctx: &mut Ctx<Store>, private: TokenPrivate) -> Result<(), Diagnostics> {
        ctx.client()?.delete_token(&private.id)
    }
}
