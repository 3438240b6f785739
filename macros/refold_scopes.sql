{#- Refolds scoped to the operations new events touch (docs/decisions.md "Incremental builds: refolding the
    operations new events touch"). The folds over operations, their inputs, outputs and column lineage, and the
    lineage edges grouped by operation, run, job or dataset pair, hold rows that each depend on the events of
    one operation (and on the run and job that operation belongs to). An incremental run of such a model:
    1. takes the operations with an event in a landing batch it has not seen (int_operations.last_landing_batch
       above the watermark it recorded), with their runs and jobs: its refold scope, kept in a side table
       `<model>__refold_scope` (and `<model>__refold_pairs` for the dataset-pair grain);
    2. deletes its rows in that scope (pre-hook) and appends them recomputed from every row of the scope;
    3. drops the side tables (post-hook); the run's end records the newest landing batch as its watermark.
    A scope cannot name the run or job an operation left: when an operation changes run or a run changes job
    (a late earlier event), int_operations / int_runs record a `fold_move` trigger, and location remaps and
    retention record theirs: the model is then emptied and rebuilt (macros/fold_rebuilds.sql). -#}

{#- The config of a scoped refold; `scope` is 'operation' (rows keyed by operation_id), 'operation_events'
    (the same, for int_operations itself: the operations with an event in an unseen batch), 'process' (edge rows
    keyed by granularity and process_id) or 'process_and_pairs' (and DATASET-grain rows keyed by their dataset
    pair, read from the model `pairs_from`); `process_key` the expression of a row's process id; `rebuilt_on`
    the triggers that rebuild the model whole; `post_hooks` run after the refold's own. -#}
{% macro refold_config(scope, rebuilt_on=['location_remap', 'retention', 'fold_move'], pairs_from=none,
                       process_key='process_id', post_hooks=[]) -%}
    {{ config(
        materialized='incremental',
        incremental_strategy=lineage_warehouse.incremental_strategy('append_only'),
        partition_by=lineage_warehouse.refold_partition_by(),
        on_schema_change='fail',
        meta={'rebuilt_on': rebuilt_on, 'refold_scope': scope, 'pairs_from': pairs_from,
              'process_key': process_key},
        pre_hook=["{{ lineage_warehouse.clear_before_rebuild() }}",
                  "{{ lineage_warehouse.prepare_refold_scope() }}"],
        post_hook=["{{ lineage_warehouse.finish_refold() }}"] + post_hooks
    ) }}
{%- endmacro %}

{#- The refold partition of a row (SQL), from the id that keys it (`key`: its operation, run or job id, or the
    source dataset of a DATASET-grain edge): Spark stores refold tables partitioned by it, so a refold rewrites only
    the partitions of the rows it replaces (docs/decisions.md "Spark: refolds rewrite only the partitions they
    touch"). A version-7 UUID gives its first six hex digits, the top 24 bits of its creation time in milliseconds
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

{% macro refold_scope_relation(kind='scope') -%}
    {{ return(this.incorporate(path={'identifier': this.identifier ~ '__refold_' ~ kind})) }}
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

{#- The operations of the refold scope (SQL), with their run and job: int_runs is read only by the edge scopes,
    whose models run after it. -#}
{% macro refold_operations_sql(with_jobs=true) -%}
    {%- set operations = lineage_warehouse.model_relation('int_operations') -%}
    select
        operations.operation_id,
        operations.run_id
        {%- if with_jobs %},
        runs.job_id
        {%- endif %}
    from {{ operations }} as operations
    {%- if with_jobs %}
    left join {{ lineage_warehouse.model_relation('int_runs') }} as runs
        on operations.run_id = runs.run_id
    {%- endif %}
    where operations.last_landing_batch > {{ lineage_warehouse.refolded_landing_batch() }}
{%- endmacro %}

{#- pre-hook: when the model refolds (appending, not rebuilding), write its scope and delete its rows in it. -#}
{% macro prepare_refold_scope() -%}
    {%- if not execute or not lineage_warehouse.is_appending() -%}
        {{ return('') }}
    {%- endif -%}
    {%- set scope_kind = config.get('meta', {}).get('refold_scope') -%}
    {%- set partition_column = config.get('partition_by') -%}
    {%- set scope = lineage_warehouse.refold_scope_relation() -%}
    {%- do run_query('drop table if exists ' ~ scope) -%}
    {%- if scope_kind in ('operation', 'operation_events') -%}
        {%- if scope_kind == 'operation' -%}
            {%- set touched = lineage_warehouse.refold_operations_sql(with_jobs=false) -%}
        {%- else -%}
            {%- set touched = 'select operation_id from ' ~ lineage_warehouse.model_relation('int_operation_facts')
                ~ ' where landing_batch > ' ~ lineage_warehouse.refolded_landing_batch() -%}
        {%- endif -%}
        {%- do run_query('create table ' ~ scope ~ ' as select distinct operation_id as refold_operation_id from ('
            ~ touched ~ ') as touched') -%}
        {%- do lineage_warehouse.delete_matching_rows(this, scope, [('operation_id', 'refold_operation_id')],
            partition_column) -%}
        {{ return('') }}
    {%- endif -%}
    {%- set scope_query -%}
        with touched as ({{ lineage_warehouse.refold_operations_sql() }})
        select distinct 'OPERATION' as refold_granularity, operation_id as refold_process_id from touched
        union all
        select distinct 'RUN', run_id from touched where run_id is not null
        union all
        select distinct 'JOB', job_id from touched where job_id is not null
    {%- endset -%}
    {%- do run_query('create table ' ~ scope ~ ' as ' ~ scope_query) -%}
    {%- if scope_kind == 'process_and_pairs' -%}
        {#- the dataset pairs the scope's operations link now (their rows in the upstream, already refolded) or
            linked at the last build (this model's OPERATION-grain rows, read before they are deleted) -#}
        {%- set pairs = lineage_warehouse.refold_scope_relation('pairs') -%}
        {%- set upstream = lineage_warehouse.model_relation(config.get('meta', {}).get('pairs_from')) -%}
        {%- set pairs_query -%}
            select distinct
                'DATASET' as refold_pair_granularity,
                source_dataset_id as refold_source_dataset_id,
                target_dataset_id as refold_target_dataset_id
            from (
                select source_dataset_id, target_dataset_id
                from {{ upstream }}
                where {{ lineage_warehouse.in_refold_scope('operation_id', 'OPERATION') }}
                union all
                select source_dataset_id, target_dataset_id
                from {{ this }}
                where granularity = 'OPERATION' and {{ lineage_warehouse.in_refold_scope('process_id', 'OPERATION') }}
            ) as linked
        {%- endset -%}
        {%- do run_query('drop table if exists ' ~ pairs) -%}
        {%- do run_query('create table ' ~ pairs ~ ' as ' ~ pairs_query) -%}
        {%- do lineage_warehouse.delete_matching_rows(this, pairs, [('granularity', 'refold_pair_granularity'),
            ('source_dataset_id', 'refold_source_dataset_id'), ('target_dataset_id', 'refold_target_dataset_id')],
            partition_column) -%}
    {%- endif -%}
    {%- do lineage_warehouse.delete_matching_rows(this, scope, [('granularity', 'refold_granularity'),
        (config.get('meta', {}).get('process_key'), 'refold_process_id')], partition_column) -%}
    {{ return('') }}
{%- endmacro %}

{#- A condition on an upstream row: true when `column` is in the refold scope (of `granularity` for the edge
    scopes); always true when the model is built whole. -#}
{% macro in_refold_scope(column, granularity=none) -%}
    {%- if lineage_warehouse.is_appending() -%}
        {%- if granularity is none -%}
            {{ column }} in (select refold_operation_id from {{ lineage_warehouse.refold_scope_relation() }})
        {%- else -%}
            {{ column }} in (
                select refold_process_id from {{ lineage_warehouse.refold_scope_relation() }}
                where refold_granularity = '{{ granularity }}'
            )
        {%- endif -%}
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- A condition on an upstream row of an edge model: true when its operation, its run or its job is in the refold
    scope (a run or job in scope is refolded from all of its operations); always true when built whole. -#}
{% macro in_refold_processes(operation_column='operation_id', run_column='run_id', job_column='job_id') -%}
    {%- if lineage_warehouse.is_appending() -%}
        {%- for column, granularity in [(operation_column, 'OPERATION'), (run_column, 'RUN'), (job_column, 'JOB')] -%}
            {{ column }} in (
                select refold_process_id from {{ lineage_warehouse.refold_scope_relation() }}
                where refold_granularity = '{{ granularity }}'
            ){% if not loop.last %} or {% endif %}
        {%- endfor -%}
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- A condition on an upstream column-lineage row: true when its dataset pair is in the refold scope. -#}
{% macro in_refold_pairs(source_column='source_dataset_id', target_column='target_dataset_id') -%}
    {%- if lineage_warehouse.is_appending() -%}
        exists (
            select 1 from {{ lineage_warehouse.refold_scope_relation('pairs') }} as pairs
            where pairs.refold_source_dataset_id = {{ source_column }}
                and pairs.refold_target_dataset_id = {{ target_column }}
        )
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- post-hook: drop the scope tables (the run's end records the newest landing batch as folded,
    macros/incremental.sql). -#}
{% macro finish_refold() -%}
    {%- if execute -%}
        {%- for kind in ['scope', 'pairs'] -%}
            {%- do run_query('drop table if exists ' ~ lineage_warehouse.refold_scope_relation(kind)) -%}
        {%- endfor -%}
    {%- endif -%}
{%- endmacro %}
