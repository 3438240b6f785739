{#- The input and output lists, as text, of the events whose lists and entries the typed parse cannot vouch for
    (docs/decisions/facet-issues-unvouched-entries.md):
    stg_io_entry_issues checks them. A model of its own so that those checks' filters on the lists cannot be
    pushed below the choice of events onto every payload (in one model, DuckDB reads the lists of every event
    first). -#}
{{ lineage_warehouse.append_batches_config(sparse_rows=true) }}

{%- set payload_paths = [
    ['inputs'],
    ['outputs']
] %}

with

payload_lists as (
    select
        event_hash,
        inputs,
        outputs
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select * from {{ ref('stg_events') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

records as (
    select * from {{ ref('stg_event_records') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

entries as (
    select
        event_hash,
        io_kind,
        namespace,
        raw_name
    from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- an input or output entry the typed parse did not read as an object with a namespace and a name
unnamed_entries as (
    select distinct event_hash
    from entries
    where
        io_kind != 'DATASET'
        and (coalesce(namespace, '') = '' or coalesce(raw_name, '') = '')
),

-- events whose lists and entries the typed parse vouches for: inputs and outputs both arrays, each item read as an
-- object with a namespace and a name
vouched_events as (
    select payload_lists.event_hash
    from payload_lists
    where
        payload_lists.inputs is not null
        and payload_lists.outputs is not null
        and not exists (
            select 1 from unnamed_entries
            where unnamed_entries.event_hash = payload_lists.event_hash
        )
),

-- each placed event's text: stg_event_records alone keeps it
event_texts as (
    {{ lineage_warehouse.placed_event_texts('events', 'records', ['event_hash', 'landing_batch']) }}
),

-- the events to check from their text: those not vouched for, and those with a string that may hold an object's
-- text (an item sent as such a string reads like the object in the typed parse). A vouched event's lists are
-- arrays and its items objects with a namespace and a name, so no check of stg_io_entry_issues could find anything.
events_parts as (
    select
        event_texts.event_hash,
        event_texts.landing_batch,
        {{ lineage_warehouse.json_get_list('event_texts.payload', payload_paths) }} as payload_parts
    from event_texts
    where
        {{ lineage_warehouse.may_quote_json_in_a_string('event_texts.payload') }}
        or not exists (
            select 1 from vouched_events
            where vouched_events.event_hash = event_texts.event_hash
        )
),

final as (
    select
        event_hash,
        landing_batch,
        {{ lineage_warehouse.list_item('payload_parts', 0) }} as inputs_text,
        {{ lineage_warehouse.list_item('payload_parts', 1) }} as outputs_text
    from events_parts
)

select * from final
