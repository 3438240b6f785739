{#- Every data-quality assertion about a dataset (docs/rules.md "Data quality: assertions"), one row each:
    - each item of a dataQualityAssertions facet of an input or output entry of an operation event (`facets`, and
      `inputFacets` where older producers put it), on the entry's lineage node; `assertion` as sent, column_name
      the item's column ('' when none: the whole dataset), success from its boolean;
    - each test of the TestRunFacet (run facet `test`, dbt tests) of an operation event, on every dataset the same
      event names as an input (the tested model): `assertion` the test's name, column_name '', success true for
      status pass, false for fail, NULL otherwise.
    Items without an assertion (or a test without a name) are skipped. `order_key`: D1 order, then the entry and
    the item's position. The dataset is named by its namespace and name (the lineage node's); the mart resolves its
    id. Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

{%- set assertion_lists = [] %}
{%- for container in ['facets', 'inputFacets'] %}
    {%- do assertion_lists.append(
        lineage_warehouse.entry_facet_prefix(container, 'dataQualityAssertions') ~ '__assertions') %}
{%- endfor %}

with

datasets as (
    select * from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        event_hash,
        event_time,
        run_id as operation_id
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

-- only the entries that carry an assertion list are exploded (few do)
entries as (
    select * from {{ ref('stg_io_entries') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (
            {%- for column in assertion_lists %}
                {{ column }} is not null
                {{- ' or' if not loop.last }}
            {%- endfor %}
        )
),

payloads as (
    select
        event_hash,
        run_test__tests as tests
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and {{ lineage_warehouse.facet_present('run_test') }}
),

assertion_values as (
    {%- for column in assertion_lists %}
        select
            entries.event_hash,
            entries.io_kind,
            entries.io_position,
            {{ loop.index }} * 1000000 + cast(assertions.pos as bigint) as item_position,
            assertions.value as item
        from entries
        {{ lineage_warehouse.explode_array('entries.' ~ column, 'assertions') }}
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

test_values as (
    select
        datasets.event_hash,
        datasets.io_kind,
        datasets.io_position,
        3000000 + cast(tests.pos as bigint) as item_position,
        tests.value as item
    from payloads
    inner join datasets
        on payloads.event_hash = datasets.event_hash and datasets.io_kind = 'INPUT'
    {{ lineage_warehouse.explode_array('payloads.tests', 'tests') }}
),

facet_items as (
    select
        assertion_values.event_hash,
        assertion_values.io_kind,
        assertion_values.io_position,
        assertion_values.item_position,
        assertion_values.item.assertion,
        coalesce(assertion_values.item.{{ adapter.quote('column') }}, '') as column_name,
        case lower(assertion_values.item.success) when 'true' then true when 'false' then false end as success,
        assertion_values.item.severity,
        assertion_values.item.description,
        assertion_values.item.expected,
        assertion_values.item.actual
    from assertion_values
    union all
    select
        test_values.event_hash,
        test_values.io_kind,
        test_values.io_position,
        test_values.item_position,
        test_values.item.name as assertion,
        '' as column_name,
        case lower(test_values.item.status) when 'pass' then true when 'fail' then false end as success,
        test_values.item.severity,
        test_values.item.description,
        test_values.item.expected,
        test_values.item.actual
    from test_values
),

final as (
    select
        datasets.event_hash,
        datasets.landing_batch,
        events.event_time,
        events.operation_id,
        datasets.node_namespace as namespace,
        datasets.node_name as name,
        facet_items.assertion,
        facet_items.column_name,
        {{ lineage_warehouse.d1_entry_order_key('events.event_time', 'events.event_hash', 'datasets.io_kind',
            'datasets.io_position') }}
        || lpad(cast(facet_items.item_position as string), 10, '0') as order_key,
        facet_items.success,
        facet_items.severity,
        facet_items.description,
        facet_items.expected,
        facet_items.actual
    from facet_items
    inner join datasets
        on
            facet_items.event_hash = datasets.event_hash
            and facet_items.io_kind = datasets.io_kind
            and facet_items.io_position = datasets.io_position
    inner join events
        on facet_items.event_hash = events.event_hash
    where coalesce(facet_items.assertion, '') != ''
)

select * from final
