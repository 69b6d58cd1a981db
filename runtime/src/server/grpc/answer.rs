//! The protocol's responses as [`Answer`]s: what a handler sends without
//! calling the provider (an unknown type name, Stop).

use super::to_proto;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::answer;

answer!(
    to_proto::diagnostics;
    pb::validate_resource_config::Response,
    pb::validate_data_resource_config::Response,
    pb::upgrade_resource_state::Response,
    pb::read_resource::Response,
    pb::plan_resource_change::Response,
    pb::apply_resource_change::Response,
    pb::import_resource_state::Response,
    pb::read_data_source::Response,
    pb::upgrade_resource_identity::Response,
    pb::move_resource_state::Response,
    pb::generate_resource_config::Response,
    pb::validate_ephemeral_resource_config::Response,
    pb::open_ephemeral_resource::Response,
    pb::renew_ephemeral_resource::Response,
    pb::close_ephemeral_resource::Response,
    pb::validate_list_resource_config::Response,
    pb::validate_action_config::Response,
    pb::plan_action::Response,
);
