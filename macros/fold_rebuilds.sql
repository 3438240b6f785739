{#- Rebuilds of appended models whose old rows a later run can invalidate
    (docs/decisions/incremental-location-remap-rebuild.md):
    - rows that embed ids derived from locations (dataset and job ids: the symlink group entries and the refolds
      by operation; the other per-event rows hold natural keys, docs/decisions/incremental-natural-keys.md) stay right
      only while every namespace they name keeps its location: a new
      reference that fuses two known locations, an earlier reference that renames a location, a changed
      location_aliases seed or retention can move a namespace to another location id;
    - per-batch aggregates (the first reference of an address or dataset in a batch) are no longer right once
      retention removes some of the events they aggregate.
    Such a remap (`location_remap`: a changed location_aliases seed moves namespaces without any landed event, so
    no touched scope can name them), and every retention trim, is recorded in `fold_rebuild_triggers` (beside
    raw_event_lines); a model configured with append_batches_config(rebuilt_on=[reasons]) or refold_config that
    has not been built since the newest trigger of one of those reasons empties its table and reads every batch
    again instead of appending (a model upstream of the locations, like int_location_address_firsts, lists only
    'retention': a remap recorded after it ran must not rebuild it at the next run). -#}

{% macro fold_rebuild_triggers() -%}
    {{ return(lineage_warehouse.relation_beside_landing('fold_rebuild_triggers')) }}
{%- endmacro %}

{#- Create the triggers table when missing and return it. It is made by statements, not by a model, so dbt's
    relation cache may not know it: callers create it rather than ask whether it exists. -#}
{% macro create_fold_rebuild_triggers() -%}
    {%- set triggers = lineage_warehouse.fold_rebuild_triggers() -%}
    {%- do run_query('create table if not exists ' ~ triggers ~ ' (reason string, recorded_at timestamp)') -%}
    {{ return(triggers) }}
{%- endmacro %}

{#- Record a trigger named `reason` now (by the clock of the watermarks, utc_now()), when `condition` (SQL, default
    always) holds. Runs the statements. -#}
{% macro record_fold_rebuild_trigger(reason, condition='1 = 1') -%}
    {%- set triggers = lineage_warehouse.create_fold_rebuild_triggers() -%}
    {%- do run_query("insert into " ~ triggers ~ " select '" ~ reason ~ "' as reason, "
        ~ lineage_warehouse.timestamp_literal(lineage_warehouse.utc_now()) ~ " as recorded_at where " ~ condition) -%}
{%- endmacro %}

{#- True when this model must be rebuilt from every batch: a trigger of a reason it lists in `rebuilt_on` was
    recorded at or after its newest landing-batch watermark (or it never recorded one). Compile-time only. -#}
{% macro rebuild_pending() -%}
    {%- set reasons = config.get('meta', {}).get('rebuilt_on', []) -%}
    {%- if not execute or not reasons -%}
        {{ return(false) }}
    {%- endif -%}
    {%- set memo = lineage_warehouse.bookkeeping_reads() -%}
    {%- if 'rebuild_pending' not in memo -%}
        {%- set triggers = lineage_warehouse.create_fold_rebuild_triggers() -%}
        {%- set watermarks = lineage_warehouse.create_landing_batch_watermarks() -%}
        {%- set built_at -%}
            (select max(recorded_at) from {{ watermarks }} where model_name = '{{ this.identifier }}')
        {%- endset -%}
        {%- set query = 'select case when ' ~ built_at ~ ' is null then 1 else 0 end + count(*) from '
            ~ triggers ~ ' where recorded_at >= ' ~ built_at ~ ' and reason in ('
            ~ lineage_warehouse.sql_strings(reasons) ~ ')' -%}
        {%- do memo.update({'rebuild_pending': (run_query(query).columns[0].values()[0] | int) > 0}) -%}
    {%- endif -%}
    {{ return(memo['rebuild_pending']) }}
{%- endmacro %}

{#- pre-hook of such a model: empty its table before a rebuild (the model then reads every batch). -#}
{% macro clear_before_rebuild() -%}
    {%- if execute and is_incremental() and lineage_warehouse.rebuild_pending() -%}
        truncate table {{ this }}
    {%- endif -%}
{%- endmacro %}

{#- post-hook of a fold whose mapping later models embed in their rows (int_namespace_locations: namespace ->
    location): record a `reason` trigger when a key of the
    previous build's mapping (kept as `built_name` beside raw_event_lines) now maps to another value or is gone,
    then keep this build's mapping for the next comparison. -#}
{% macro record_mapping_changes(reason, built_name, keys, value) -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set built = lineage_warehouse.relation_beside_landing(built_name) -%}
    {%- set columns = (keys + [value]) | join(', ') -%}
    {%- do run_query('create table if not exists ' ~ built ~ ' as select ' ~ columns ~ ' from ' ~ this
        ~ ' where 1 = 0') -%}
    {%- set changed -%}
        exists (
            select 1
            from {{ built }} as previous
            left join {{ this }} as current_build
                on
                    {% for key in keys -%}
                    previous.{{ key }} = current_build.{{ key }}{% if not loop.last %} and {% endif %}
                    {%- endfor %}
            where
                current_build.{{ keys[0] }} is null
                or coalesce(current_build.{{ value }}, '') != coalesce(previous.{{ value }}, '')
        )
    {%- endset -%}
    {%- do lineage_warehouse.record_fold_rebuild_trigger(reason, changed) -%}
    {%- do run_query('drop table if exists ' ~ built) -%}
    {%- do run_query('create table ' ~ built ~ ' as select ' ~ columns ~ ' from ' ~ this) -%}
    {{ return('') }}
{%- endmacro %}
