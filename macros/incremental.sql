{#- Incremental builds by landing batch (docs/decisions/incremental-landing-batches.md).
    Each landing run that adds lines numbers them with the next landing_batch; a model that holds rows of one
    event each (parsing, exploding one event's facets) appends the rows of the batches it has not seen; the folds
    over operations refold only the operations those batches touch (macros/refold_scopes.sql), and the other
    folds of many events are rebuilt from the appended rows. -#}

{#- True when this run appends to the model's existing table (false on a fresh or fully refreshed build, in
    unit tests, which have no table, and when a rebuild trigger of the model is pending). -#}
{% macro is_appending() -%}
    {{ return(this is not none and is_incremental() and not lineage_warehouse.rebuild_pending()) }}
{%- endmacro %}

{#- The landing batch of the lines this run lands: 1 on a fresh or fully refreshed table, else one more than
    the last batch landed. -#}
{% macro next_landing_batch() -%}
    {%- if lineage_warehouse.is_appending() -%}
        (select coalesce(max(landing_batch), 0) + 1 from {{ this }})
    {%- else -%}
        cast(1 as bigint)
    {%- endif -%}
{%- endmacro %}

{#- The relation recording, per append-by-batch model, the last landing batch it has read (in the schema of
    raw_event_lines). A model that produces no row for most events (facet_issues) cannot tell from its own rows
    which batches it has seen; this table can. One row per build of a model; the newest row counts. -#}
{% macro landing_batch_watermarks() -%}
    {{ return(lineage_warehouse.relation_beside_landing('landing_batch_watermarks')) }}
{%- endmacro %}

{#- Create the watermarks table when missing (it is made by statements, so dbt's relation cache may not know
    it) and return it. -#}
{% macro create_landing_batch_watermarks() -%}
    {%- set watermarks = lineage_warehouse.landing_batch_watermarks() -%}
    {%- do run_query('create table if not exists ' ~ watermarks
        ~ ' (model_name string, landing_batch bigint, recorded_at timestamp)') -%}
    {{ return(watermarks) }}
{%- endmacro %}

{#- What this model has read from the bookkeeping tables (watermarks, rebuild triggers) while it is compiled, or
    while its hooks and materialization run, by name: each value is read once per phase and then remembered in the
    phase's `model` context (a dict dbt makes for each phase of each model), instead of once per macro that asks.
    Nothing a model does before its post-hooks writes those tables (the watermarks are written at the run's end,
    record_landing_batch_watermarks), so a value cannot go stale within a phase. -#}
{% macro bookkeeping_reads() -%}
    {{ return(model.setdefault('lineage_warehouse_bookkeeping_reads', {})) }}
{%- endmacro %}

{#- The relation of a model of this project by name (for hooks reading a model they do not ref). -#}
{% macro model_relation(name) -%}
    {%- set node = graph.nodes['model.lineage_warehouse.' ~ name] -%}
    {{ return(api.Relation.create(database=node.database, schema=node.schema, identifier=node.alias)) }}
{%- endmacro %}

{#- A bookkeeping relation named `identifier` in the schema of raw_event_lines (not a model). -#}
{% macro relation_beside_landing(identifier) -%}
    {{ return(lineage_warehouse.model_relation('raw_event_lines').incorporate(path={'identifier': identifier})) }}
{%- endmacro %}

{#- The last landing batch this model has read: the newest watermark it recorded, or the last batch among its
    own rows when it recorded none (a warehouse built before watermarks existed). Compile-time only. -#}
{% macro seen_landing_batch() -%}
    {%- set memo = lineage_warehouse.bookkeeping_reads() -%}
    {%- if 'seen_landing_batch' not in memo -%}
        {%- set watermarks = lineage_warehouse.landing_batch_watermarks() -%}
        {%- set query -%}
            select coalesce(max(landing_batch), 0) from {{ this }}
            {%- if adapter.get_relation(watermarks.database, watermarks.schema, watermarks.identifier) is not none %}
            union all
            {{ lineage_warehouse.newest_watermark_query(watermarks) }}
            {%- endif %}
        {%- endset -%}
        {%- set values = run_query(query).columns[0].values() | reject('none') | list -%}
        {%- do memo.update({'seen_landing_batch': values | max}) -%}
    {%- endif -%}
    {{ return(memo['seen_landing_batch']) }}
{%- endmacro %}

{#- The landing batch of this model's newest watermark (NULL when it recorded none), as a query. -#}
{% macro newest_watermark_query(watermarks) -%}
    select max(landing_batch) from ({{ lineage_warehouse.newest_watermarks_query(watermarks, [this.identifier]) }})
        as newest_watermarks
{%- endmacro %}

{#- The newest watermark row of each of the models named (model_name, landing_batch), as a query: the row recorded
    last counts, and of two recorded at once the higher batch. -#}
{% macro newest_watermarks_query(watermarks, model_names) -%}
    select
        model_name,
        landing_batch
    from (
        select
            model_name,
            landing_batch,
            row_number() over (partition by model_name order by recorded_at desc, landing_batch desc) as newest
        from {{ watermarks }}
        where model_name in ({{ lineage_warehouse.sql_strings(model_names) }})
    ) as recorded
    where newest = 1
{%- endmacro %}

{#- A condition on an upstream row: true when its landing batch is not in this model yet (always true on a
    fresh or fully refreshed table). The last batch seen is read when the model is compiled and written as a
    constant, so both engines skip the stored row groups of older batches instead of reading them. -#}
{% macro in_unseen_batch(column='landing_batch') -%}
    {%- if lineage_warehouse.is_appending() and execute -%}
        {{ column }} > {{ lineage_warehouse.seen_landing_batch() | int }}
    {%- elif lineage_warehouse.is_appending() -%}
        {{ column }} > 0
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- on-run-end: record, for every model declared append by batch or refold by scope that this run built
    successfully, the last landing batch it has now read, at the time its build completed (from `results`), in one
    statement. An append-by-batch model read every unseen row of each of its append-by-batch parents: its batch is
    the smallest of their last batches. A parent whose rows are sparse (append_batches_config(sparse_rows=true):
    most batches give it no row, so its last row says nothing of the batches it has read) is left out; it is built
    in the same run from dense parents the model reads too. A refolded model folded every operation up to the
    newest landed batch, when the scope it read, int_refold_scope, was built in the same run (else it records
    nothing, and its next run refolds from its older watermark). Nothing appends to a model's parents after it is built in the same run, so their last
    batches at the end of the run are those it read. A model that failed, was skipped or was not selected records
    nothing. -#}
{% macro record_landing_batch_watermarks(results) -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set built = [] -%}
    {%- set parents = {} -%}
    {%- set scope_built = results | selectattr('status', 'equalto', 'success') | map(attribute='node.name')
        | select('equalto', 'int_refold_scope') | list | length > 0 -%}
    {%- for result in results if result.node.resource_type == 'model' and result.status == 'success'
        and 'rebuilt_on' in (result.node.config.meta or {})
        and (scope_built or not lineage_warehouse.reads_refold_scope(result.node.config.meta.get('refold_scope'))) -%}
        {%- set node = result.node -%}
        {%- set completed_at = result.timing | selectattr('name', 'equalto', 'execute')
            | map(attribute='completed_at') | first -%}
        {%- if node.config.meta.get('refold_scope') -%}
            {%- set read_from = ['raw_event_lines'] -%}
        {%- else -%}
            {%- set read_from = lineage_warehouse.dense_append_parents(node) -%}
        {%- endif -%}
        {%- for parent in read_from -%}
            {%- do parents.update({parent: lineage_warehouse.model_relation(parent)}) -%}
            {%- do built.append((node.alias, parent, completed_at)) -%}
        {%- endfor -%}
    {%- endfor -%}
    {%- if built | length == 0 -%}
        {{ return('') }}
    {%- endif -%}
    {%- set watermarks = lineage_warehouse.create_landing_batch_watermarks() -%}
    {%- set query -%}
        insert into {{ watermarks }}
        select
            built.model_name,
            min(parent_batches.last_batch) as landing_batch,
            built.recorded_at
        from (
            {%- for model_name, parent, completed_at in built %}
            select
                '{{ model_name }}' as model_name,
                '{{ parent }}' as parent_name,
                {{ lineage_warehouse.timestamp_literal(completed_at) }} as recorded_at
            {%- if not loop.last %}
            union all
            {%- endif %}
            {%- endfor %}
        ) as built
        inner join (
            {%- for parent, relation in parents.items() %}
            select
                '{{ parent }}' as parent_name,
                coalesce(max(landing_batch), 0) as last_batch
            from {{ relation }}
            {%- if not loop.last %}
            union all
            {%- endif %}
            {%- endfor %}
        ) as parent_batches
            on built.parent_name = parent_batches.parent_name
        group by built.model_name, built.recorded_at
    {%- endset -%}
    {%- do run_query(query) -%}
    {{ return('') }}
{%- endmacro %}

{#- The names of the append-by-batch parents of `node` whose last landing batch bounds what it has read: the
    incremental models among its parents that are not refolded and not sparse (raw_event_lines among them). -#}
{% macro dense_append_parents(node) -%}
    {%- set dense = [] -%}
    {%- for parent_id in node.depends_on.nodes -%}
        {%- set parent = graph.nodes.get(parent_id) -%}
        {%- if parent is not none and parent.resource_type == 'model' and parent.config.materialized == 'incremental'
            and not parent.config.meta.get('refold_scope') and not parent.config.meta.get('sparse_rows') -%}
            {%- do dense.append(parent.name) -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(dense) }}
{%- endmacro %}

{#- A Python datetime (naive, UTC: dbt's timings, utc_now()) as a SQL timestamp. -#}
{% macro timestamp_literal(moment) -%}
    cast('{{ moment.strftime('%Y-%m-%d %H:%M:%S.%f') }}' as timestamp)
{%- endmacro %}

{#- Now, by the clock of the process running dbt (naive, UTC): the clock of the watermarks' times (dbt's timings),
    so that a rebuild trigger and a watermark compare by the one clock on every engine and deployment. -#}
{% macro utc_now() -%}
    {{ return(modules.datetime.datetime.now(modules.pytz.utc).replace(tzinfo=none)) }}
{%- endmacro %}

{#- The config of a model that appends the rows of unseen landing batches. `rebuilt_on` lists the rebuild
    triggers ('location_remap', 'retention') after which
    the model, whose rows embed ids derived from locations or aggregate a batch's events, is emptied and rebuilt
    from every batch (macros/fold_rebuilds.sql). -#}
{% macro append_batches_config(rebuilt_on=[], sparse_rows=false) -%}
    {{ config(
        materialized='incremental',
        incremental_strategy=lineage_warehouse.incremental_strategy('append_only'),
        on_schema_change='fail',
        meta={'rebuilt_on': rebuilt_on, 'sparse_rows': sparse_rows},
        pre_hook=(["{{ lineage_warehouse.clear_before_rebuild() }}"] if rebuilt_on else [])
    ) }}
{%- endmacro %}
