{#- Refolds scoped to what new events touch (docs/decisions/incremental-touched-scope.md). The folds
    over operations, their inputs, outputs and column lineage, and the lineage edges grouped by operation, run, job
    or dataset pair, hold rows that each depend on the events of one operation (and on the run and job that
    operation belongs to). An incremental run of such a model, whose watermark is W:
    1. takes its scope from the one shared model `int_refold_scope`: the operations, runs and jobs with
       touched_batch > W (int_operations and int_runs, upstream of it, take the operations with an event above W
       and the runs such an event names);
    2. deletes its rows in that scope (pre-hook) and appends them recomputed from every upstream row of the scope
       (a run in scope is refolded from all of its operations; a job in scope rolls up the RUN rows of its runs:
       those refolded now and those stored for its other runs);
    3. the run's end records the newest landing batch as its watermark, when the run also built int_refold_scope.
    `column_lineage_edges` also refolds the DATASET grain for the dataset pairs the scope's operations link now or
    linked at its last build, kept for the run in a side table `<model>__refold_pairs`. `lineage_edges` replaces
    its DATASET grain whole (a few thousand rows of a full upstream table) on every refold. A location remap and a
    retention trim rebuild the models whole instead (macros/fold_rebuilds.sql). -#}

{#- The config of a scoped refold; `scope` is 'operation' (rows keyed by operation_id), 'operation_events'
    (the same, for int_operations itself: the operations with an event in an unseen batch), 'run_events' (rows
    keyed by run_id, for int_runs itself: the runs an event of an unseen batch names), 'process' (edge rows
    keyed by granularity and process_id) or 'process_and_pairs' (and DATASET-grain rows keyed by their dataset
    pair, read from the model `pairs_from`); `process_key` the expression of a row's process id;
    `replaced_granularities` the granularities whose rows every refold deletes, for the model to select them whole
    again; `rebuilt_on` the triggers that rebuild the model whole; `post_hooks` run after the refold's own. A model whose scope kind reads int_refold_scope names it in its own file
    (`-- depends_on: {{ ref('int_refold_scope') }}`, dbt's mark for a parent that only macros read). -#}
{% macro refold_config(scope, rebuilt_on=['location_remap', 'retention'], pairs_from=none,
                       process_key='process_id', replaced_granularities=[], post_hooks=[]) -%}
    {{ config(
        materialized='incremental',
        incremental_strategy=lineage_warehouse.incremental_strategy('append_only'),
        partition_by=lineage_warehouse.refold_partition_by(),
        on_schema_change='fail',
        meta={'rebuilt_on': rebuilt_on, 'refold_scope': scope, 'pairs_from': pairs_from,
              'process_key': process_key, 'replaced_granularities': replaced_granularities},
        pre_hook=["{{ lineage_warehouse.clear_before_rebuild() }}",
                  "{{ lineage_warehouse.prepare_refold_scope() }}"],
        post_hook=["{{ lineage_warehouse.finish_refold() }}"] + post_hooks
    ) }}
{%- endmacro %}

{#- The refold partition of a row (SQL), from the id that keys it (`key`: its operation, run or job id, or the
    source dataset of a DATASET-grain edge): Spark stores refold tables partitioned by it, so a refold rewrites only
    the partitions of the rows it replaces (docs/decisions/spark-refold-partitions.md). A version-7 UUID gives its
    first six hex digits, the top 24 bits of its creation time in milliseconds
    (a span of about 4.7 hours): new events mostly touch the newest runs and operations, hence the newest
    partitions. Any other id (a v4 UUID, an MD5 entity id) gives its first hex digit: 16 partitions. A function of
    the key alone, so a row never changes partition when it is refolded. -#}
{% macro refold_partition(key) -%}
    coalesce(
        case
            when substr({{ key }}, 9, 1) = '-' and substr({{ key }}, 15, 1) = '7' then lower(substr({{ key }}, 1, 6))
            when {{ key }} <> '' then lower(substr({{ key }}, 1, 1))
        end,
        '-'
    )
{%- endmacro %}

{#- True when a refolded model of this `scope` kind reads its scope from int_refold_scope: every kind but the
    own events of int_operations ('operation_events') and int_runs ('run_events'), which are upstream of it. -#}
{% macro reads_refold_scope(scope) -%}
    {{ return(scope not in (none, 'operation_events', 'run_events')) }}
{%- endmacro %}

{#- The side table of column_lineage_edges' dataset pairs, kept for one run. -#}
{% macro refold_pairs_relation() -%}
    {{ return(this.incorporate(path={'identifier': this.identifier ~ '__refold_pairs'})) }}
{%- endmacro %}

{#- The last landing batch this model has folded: its newest watermark (0 when it has none, and then a rebuild
    is pending anyway). Compile-time only. -#}
{% macro refolded_landing_batch() -%}
    {%- set memo = lineage_warehouse.bookkeeping_reads() -%}
    {%- if 'refolded_landing_batch' not in memo -%}
        {%- set watermarks = lineage_warehouse.create_landing_batch_watermarks() -%}
        {%- set newest = run_query(lineage_warehouse.newest_watermark_query(watermarks)).columns[0].values()[0] -%}
        {%- do memo.update({'refolded_landing_batch': newest | int if newest is not none else 0}) -%}
    {%- endif -%}
    {{ return(memo['refolded_landing_batch']) }}
{%- endmacro %}

{#- The processes of this model's scope (SQL: refold_granularity, refold_process_id), of `granularity` or of every
    granularity (none): the rows of int_refold_scope touched above this model's watermark; for int_operations
    (scope 'operation_events'), the operations with an event above it; for int_runs (scope 'run_events'), the runs
    an event above it names: the run it describes, its parent or its root, or a job reference's run (a run's row
    reads every event that names it, its children's for the root they inherit, and the references that bind its
    job). `scope`: the model's scope kind, when not its config's (a unit test has its own config). Read through
    ref(), which every refolded model has (its SQL or its config refs them), so a unit test can give the scope. -#}
{% macro refold_scope_sql(granularity=none, scope=none) -%}
    {%- set since = lineage_warehouse.refolded_landing_batch() -%}
    {%- set scope_kind = scope or config.get('meta', {}).get('refold_scope') -%}
    {%- if scope_kind == 'operation_events' -%}
        select distinct 'OPERATION' as refold_granularity, operation_id as refold_process_id
        from {{ ref('int_operation_facts') }}
        where landing_batch > {{ since }}
    {%- elif scope_kind == 'run_events' -%}
        select distinct 'RUN' as refold_granularity, run_id as refold_process_id
        from (
            {%- for column in ['event_run_id', 'parent_run_id', 'root_run_id'] %}
            select {{ column }} as run_id from {{ ref('int_events_classified') }} where landing_batch > {{ since }}
            union all
            {%- endfor %}
            select run_id from {{ ref('int_job_references') }} where landing_batch > {{ since }}
        ) as named_runs
        where run_id is not null
    {%- else -%}
        select granularity as refold_granularity, process_id as refold_process_id
        from {{ ref('int_refold_scope') }}
        where touched_batch > {{ since }}
        {%- if granularity is not none %} and granularity = '{{ granularity }}'{% endif %}
    {%- endif -%}
{%- endmacro %}

{#- refold_scope_sql as a relation to select from or delete by (aliased refold_scope). -#}
{% macro refold_scope_ledger(granularity=none, scope=none) -%}
    ({{ lineage_warehouse.refold_scope_sql(granularity, scope) }}) as refold_scope
{%- endmacro %}

{#- The smallest watermark among the models that read int_refold_scope, which that model's rows start above
    (SQL). With none recorded, or on a full refresh, those models are built whole: the newest landed batch, above
    which nothing is touched. Compile-time only. -#}
{% macro refold_scope_since() -%}
    {%- if not execute -%}
        {{ return(0) }}
    {%- endif -%}
    {%- set newest_batch = '(select coalesce(max(landing_batch), 0) from '
        ~ lineage_warehouse.model_relation('raw_event_lines') ~ ')' -%}
    {%- if flags.FULL_REFRESH -%}
        {{ return(newest_batch) }}
    {%- endif -%}
    {%- set readers = [] -%}
    {%- for node in graph.nodes.values() if node.resource_type == 'model'
        and lineage_warehouse.reads_refold_scope(node.config.meta.get('refold_scope')) -%}
        {%- do readers.append(node.alias) -%}
    {%- endfor -%}
    {#- nothing landed yet (or only compiled, by sqlfluff): nothing to scope. The watermarks table itself is made by
        statements, which dbt's relation cache may not know of (an upgrade drops it), so it is created if missing. -#}
    {%- set landing = lineage_warehouse.model_relation('raw_event_lines') -%}
    {%- if adapter.get_relation(landing.database, landing.schema, landing.identifier) is none -%}
        {{ return(newest_batch) }}
    {%- endif -%}
    {%- set watermarks = lineage_warehouse.create_landing_batch_watermarks() -%}
    {%- set query -%}
        select min(landing_batch) from ({{ lineage_warehouse.newest_watermarks_query(watermarks, readers) }})
            as newest_watermarks
    {%- endset -%}
    {%- set since = run_query(query).columns[0].values()[0] -%}
    {{ return(newest_batch if since is none else since | int) }}
{%- endmacro %}

{#- pre-hook: when the model refolds (appending, not rebuilding), delete its rows in its scope. -#}
{% macro prepare_refold_scope() -%}
    {%- if not execute or not lineage_warehouse.is_appending() -%}
        {{ return('') }}
    {%- endif -%}
    {%- set scope_kind = config.get('meta', {}).get('refold_scope') -%}
    {%- set partition_column = config.get('partition_by') -%}
    {#- the kinds whose rows are keyed by one process id: (its granularity, the key column) -#}
    {%- set keyed_by_process = {'operation': ('OPERATION', 'operation_id'),
        'operation_events': ('OPERATION', 'operation_id'), 'run_events': ('RUN', 'run_id')} -%}
    {%- if scope_kind in keyed_by_process -%}
        {%- set granularity, key_column = keyed_by_process[scope_kind] -%}
        {%- do lineage_warehouse.delete_matching_rows(this, lineage_warehouse.refold_scope_ledger(granularity),
            [(key_column, 'refold_process_id')], partition_column) -%}
        {{ return('') }}
    {%- endif -%}
    {%- if scope_kind == 'process_and_pairs' -%}
        {#- the dataset pairs the scope's operations link now (their rows in the upstream, already refolded) or
            linked at the last build (this model's OPERATION-grain rows, read before they are deleted) -#}
        {%- set pairs = lineage_warehouse.refold_pairs_relation() -%}
        {%- set upstream = lineage_warehouse.model_relation(config.get('meta', {}).get('pairs_from')) -%}
        {%- set pairs_query -%}
            select distinct
                'DATASET' as refold_pair_granularity,
                source_dataset_id as refold_source_dataset_id,
                target_dataset_id as refold_target_dataset_id
            from (
                select source_dataset_id, target_dataset_id
                from {{ upstream }}
                where {{ lineage_warehouse.in_refold_scope('operation_id') }}
                union all
                select source_dataset_id, target_dataset_id
                from {{ this }}
                where granularity = 'OPERATION' and {{ lineage_warehouse.in_refold_scope('process_id') }}
            ) as linked
        {%- endset -%}
        {%- do run_query('drop table if exists ' ~ pairs) -%}
        {%- do run_query('create table ' ~ pairs ~ ' as ' ~ pairs_query) -%}
        {%- do lineage_warehouse.delete_matching_rows(this, pairs, [('granularity', 'refold_pair_granularity'),
            ('source_dataset_id', 'refold_source_dataset_id'), ('target_dataset_id', 'refold_target_dataset_id')],
            partition_column) -%}
    {%- endif -%}
    {%- set replaced = [] -%}
    {%- for granularity in config.get('meta', {}).get('replaced_granularities') or [] -%}
        {%- do replaced.append('select ' ~ lineage_warehouse.sql_string(granularity)
            ~ ' as refold_replaced_granularity') -%}
    {%- endfor -%}
    {%- if replaced -%}
        {%- do lineage_warehouse.delete_matching_rows(this, '(' ~ replaced | join(' union all ') ~ ') as replaced',
            [('granularity', 'refold_replaced_granularity')], partition_column) -%}
    {%- endif -%}
    {%- do lineage_warehouse.delete_matching_rows(this, lineage_warehouse.refold_scope_ledger(),
        [('granularity', 'refold_granularity'), (config.get('meta', {}).get('process_key'), 'refold_process_id')],
        partition_column) -%}
    {{ return('') }}
{%- endmacro %}

{#- A condition on an upstream row: true when `column` is a process of `granularity` in the refold scope (of the
    kind `scope`, when not the model's config's); always true when the model is built whole. -#}
{% macro in_refold_scope(column, granularity='OPERATION', scope=none) -%}
    {%- if lineage_warehouse.is_appending() -%}
        {{ column }} in (select refold_process_id from {{ lineage_warehouse.refold_scope_ledger(granularity, scope) }})
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- A condition on an upstream edge row: true when its (granularity, process id) is in the refold scope, at any
    granularity; always true when the model is built whole. -#}
{% macro in_refold_scope_rows(granularity_column, process_column) -%}
    {%- if lineage_warehouse.is_appending() -%}
        ({{ granularity_column }}, {{ process_column }}) in (
            select refold_granularity, refold_process_id from {{ lineage_warehouse.refold_scope_ledger() }}
        )
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- A condition on an upstream column-lineage row: true when its dataset pair is in the refold scope. -#}
{% macro in_refold_pairs(source_column='source_dataset_id', target_column='target_dataset_id') -%}
    {%- if lineage_warehouse.is_appending() -%}
        exists (
            select 1 from {{ lineage_warehouse.refold_pairs_relation() }} as pairs
            where pairs.refold_source_dataset_id = {{ source_column }}
                and pairs.refold_target_dataset_id = {{ target_column }}
        )
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- post-hook: drop the pairs table (the run's end records the newest landing batch as folded,
    macros/incremental.sql). -#}
{% macro finish_refold() -%}
    {%- if execute -%}
        {%- do run_query('drop table if exists ' ~ lineage_warehouse.refold_pairs_relation()) -%}
    {%- endif -%}
{%- endmacro %}
