//! `petstore_pet`, resource and data source, over the petstore API:
//! `POST /pet`, `GET /pet/{petId}`, `PUT /pet`, `DELETE /pet/{petId}`.
//!
//! The models are the generated ones (`crate::models`, untouched); this
//! file is the hand-written part: the JSON mapping and the CRUD calls.

use std::time::Duration;

use serde_json::{json, Map, Value as Json};
use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource, Resource, ResourcePlan};
use tfschema::timeouts::Operation;
use tfschema::{PathStep, Unknown};

use crate::client::{Client, Method};
use crate::models::data_sources::pet as ds;
use crate::models::resources::pet::{Pet, PetCategory, PetTags};

/// The API's JSON for a planned pet: known attributes only (the API fills
/// or keeps the others).
pub fn pet_json(pet: &Pet) -> Json {
    let mut body = Map::new();
    if let Some(Some(id)) = pet.id.known() {
        body.insert("id".into(), json!(id));
    }
    body.insert("name".into(), json!(pet.name));
    body.insert("photoUrls".into(), json!(pet.photo_urls));
    if let Some(Some(c)) = pet.category.known() {
        let mut category = Map::new();
        if let Some(Some(id)) = c.id.known() {
            category.insert("id".into(), json!(id));
        }
        if let Some(Some(name)) = c.name.known() {
            category.insert("name".into(), json!(name));
        }
        body.insert("category".into(), Json::Object(category));
    }
    if let Some(Some(tags)) = pet.tags.known() {
        let tags: Vec<Json> = tags
            .iter()
            .map(|t| {
                let mut tag = Map::new();
                tag.insert("id".into(), json!(t.id));
                if let Some(Some(name)) = t.name.known() {
                    tag.insert("name".into(), json!(name));
                }
                Json::Object(tag)
            })
            .collect();
        body.insert("tags".into(), Json::Array(tags));
    }
    if let Some(Some(status)) = pet.status.known() {
        body.insert("status".into(), json!(status));
    }
    Json::Object(body)
}

/// A pet as the API returned it.
///
/// # Errors
/// JSON that is not a pet (no numeric `id`, no `name`, wrong types).
pub fn pet_from_json(body: &Json) -> Result<Pet, Diagnostics> {
    let obj = body
        .as_object()
        .ok_or_else(|| bad_answer("the pet is not a JSON object", body))?;
    let id = obj
        .get("id")
        .and_then(Json::as_i64)
        .ok_or_else(|| bad_answer("the pet has no numeric id", body))?;
    let name = obj
        .get("name")
        .and_then(Json::as_str)
        .ok_or_else(|| bad_answer("the pet has no name", body))?;
    let photo_urls = match obj.get("photoUrls") {
        None | Some(Json::Null) => Vec::new(),
        Some(v) => {
            strings(v).ok_or_else(|| bad_answer("photoUrls is not a list of strings", body))?
        }
    };
    let category = match obj.get("category") {
        None | Some(Json::Null) => None,
        Some(Json::Object(c)) => Some(PetCategory {
            id: Unknown::Known(c.get("id").and_then(Json::as_i64)),
            name: Unknown::Known(c.get("name").and_then(Json::as_str).map(str::to_owned)),
        }),
        Some(_) => return Err(bad_answer("category is not an object", body)),
    };
    let tags = match obj.get("tags") {
        None | Some(Json::Null) => None,
        Some(Json::Array(items)) => Some(
            items
                .iter()
                .map(|t| {
                    Some(PetTags {
                        id: t.get("id")?.as_i64()?,
                        name: Unknown::Known(
                            t.get("name").and_then(Json::as_str).map(str::to_owned),
                        ),
                    })
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad_answer("a tag has no numeric id", body))?,
        ),
        Some(_) => return Err(bad_answer("tags is not a list", body)),
    };
    Ok(Pet {
        category: Unknown::Known(category),
        id: Unknown::Known(Some(id)),
        name: name.to_owned(),
        photo_urls,
        status: Unknown::Known(obj.get("status").and_then(Json::as_str).map(str::to_owned)),
        tags: Unknown::Known(tags),
    })
}

fn strings(v: &Json) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_owned))
        .collect()
}

fn bad_answer(what: &str, body: &Json) -> Diagnostics {
    Diagnostics::with_error("Unexpected petstore API answer", format!("{what}: {body}"))
}

fn no_id(operation: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Pet without id",
        format!("Cannot {operation} a petstore_pet whose id is not known."),
    )
}

fn gone(id: i64) -> Diagnostics {
    Diagnostics::with_error(
        "Pet deleted outside Terraform",
        format!("The pet {id} no longer exists; refresh (terraform plan) to recreate it."),
    )
}

async fn get_pet(ctx: &Ctx<Client>, id: i64) -> Result<Option<Pet>, Diagnostics> {
    match ctx
        .client()?
        .call(ctx, Method::Get, &format!("/pet/{id}"), None)
        .await?
    {
        Some(body) => pet_from_json(&body).map(Some),
        None => Ok(None),
    }
}

/// An attribute the plan left to the API (`Unknown`) keeps the prior
/// value in the `PUT /pet` body, so the API does not reset it.
fn or_prior<T: Clone>(planned: &mut Unknown<T>, prior: &Unknown<T>) {
    if !planned.is_known() {
        planned.clone_from(prior);
    }
}

/// The `petstore_pet` resource.
#[derive(Debug)]
pub struct PetResource;

impl Resource for PetResource {
    type Client = Client;
    type Model = Pet;

    /// A configured `id` that changes replaces the pet (`PUT /pet` finds
    /// the pet by the id in its body, so an update cannot move it).
    ///
    /// Attributes the configuration leaves to the API (`id`, `status`, ...)
    /// show as "known after apply" on an update, the typed layer's default.
    /// Keeping their prior value instead (`use_state_for_unknown`) needs the
    /// attribute on the model, and the models here are regenerated, not
    /// edited; the configuration view cannot tell "unset" from "not known
    /// yet", so this hook must not guess.
    async fn modify_plan(
        &self,
        _ctx: &mut Ctx<Client>,
        plan: &mut ResourcePlan<Pet>,
    ) -> Result<(), Diagnostics> {
        let prior_id = plan
            .prior
            .as_ref()
            .and_then(|p| p.id.known().copied().flatten());
        if let (Unknown::Known(Some(new)), Some(old)) = (&plan.config.id, prior_id) {
            if *new != old {
                plan.require_replace(vec![PathStep::Attr("id".into())]);
            }
        }
        Ok(())
    }

    /// Time limits (the generated model has no `timeouts` block): long
    /// enough for the retries of a slow API, short enough that a dead one
    /// fails the run rather than hangs it.
    fn timeout(&self, operation: Operation, _pet: &Pet) -> Result<Option<Duration>, Diagnostics> {
        Ok(Some(match operation {
            Operation::Read => Duration::from_secs(5 * 60),
            Operation::Create | Operation::Update | Operation::Delete => {
                Duration::from_secs(10 * 60)
            }
        }))
    }

    async fn create(&self, ctx: &mut Ctx<Client>, planned: Pet) -> Result<Pet, Diagnostics> {
        let client = ctx.client()?;
        let body = client
            .call(ctx, Method::Post, "/pet", Some(pet_json(&planned)))
            .await?
            .ok_or_else(|| {
                Diagnostics::with_error("Petstore API error", "POST /pet answered 404.")
            })?;
        pet_from_json(&body)
    }

    async fn read(&self, ctx: &mut Ctx<Client>, current: Pet) -> Result<Option<Pet>, Diagnostics> {
        let Some(Some(id)) = current.id.known().copied() else {
            return Ok(None);
        };
        get_pet(ctx, id).await
    }

    async fn update(
        &self,
        ctx: &mut Ctx<Client>,
        prior: Pet,
        mut planned: Pet,
    ) -> Result<Pet, Diagnostics> {
        let Some(Some(id)) = prior.id.known().copied() else {
            return Err(no_id("update"));
        };
        or_prior(&mut planned.id, &prior.id);
        or_prior(&mut planned.status, &prior.status);
        or_prior(&mut planned.category, &prior.category);
        or_prior(&mut planned.tags, &prior.tags);
        let client = ctx.client()?;
        match client
            .call(ctx, Method::Put, "/pet", Some(pet_json(&planned)))
            .await?
        {
            Some(body) => pet_from_json(&body),
            None => Err(gone(id)),
        }
    }

    async fn delete(&self, ctx: &mut Ctx<Client>, prior: Pet) -> Result<(), Diagnostics> {
        let Some(Some(id)) = prior.id.known().copied() else {
            return Err(no_id("delete"));
        };
        // Already gone (404) is what delete wants.
        ctx.client()?
            .call(ctx, Method::Delete, &format!("/pet/{id}"), None)
            .await?;
        Ok(())
    }

    /// `terraform import petstore_pet.x <petId>`.
    async fn read_by_id(
        &self,
        ctx: &mut Ctx<Client>,
        id: &str,
    ) -> Result<Option<Pet>, Diagnostics> {
        let id: i64 = id.trim().parse().map_err(|_| {
            Diagnostics::with_error(
                "Invalid pet id",
                format!("A petstore_pet is imported by its numeric id, not {id:?}."),
            )
        })?;
        get_pet(ctx, id).await
    }
}

/// The `petstore_pet` data source: one pet by id.
#[derive(Debug)]
pub struct PetDataSource;

impl DataSource for PetDataSource {
    type Client = Client;
    type Model = ds::Pet;

    async fn read(&self, ctx: &mut Ctx<Client>, config: ds::Pet) -> Result<ds::Pet, Diagnostics> {
        let pet = get_pet(ctx, config.id).await?.ok_or_else(|| {
            let mut d = Diagnostics::new();
            d.error(
                &[PathStep::Attr("id".into())],
                "Pet not found",
                format!("The petstore has no pet with id {}.", config.id),
            );
            d
        })?;
        Ok(ds::Pet {
            id: config.id,
            category: Unknown::Known(pet.category.into_known().flatten().map(|c| {
                ds::PetCategory {
                    id: c.id,
                    name: c.name,
                }
            })),
            name: Unknown::Known(Some(pet.name)),
            photo_urls: Unknown::Known(Some(pet.photo_urls)),
            status: pet.status,
            tags: Unknown::Known(pet.tags.into_known().flatten().map(|tags| {
                tags.into_iter()
                    .map(|t| ds::PetTags {
                        id: Unknown::Known(Some(t.id)),
                        name: t.name,
                    })
                    .collect()
            })),
        })
    }
}
