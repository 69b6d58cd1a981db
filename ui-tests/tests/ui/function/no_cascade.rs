use tfschema::diag::Diagnostics;
use tfschema::server::typed::{PlanView, Provider, TypedProvider};
use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Config {}

struct Inventory;

impl Provider for Inventory {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

// One error, at `async`; registering the function adds none.
#[tfschema::function]
pub async fn sku_normalize(sku: String) -> String {
    sku.trim().to_uppercase()
}

fn main() {
    let _ = TypedProvider::new(Inventory).function(sku_normalize {});
}
