{#- Retention (docs/decisions/retention.md). With var('retention_days') = N, every event
    whose eventTime is older than N days before var('retention_as_of') (default: the start of this dbt
    invocation) is dropped: new batches never place it, and at the start of each `dbt run` / `dbt build` the
    rows it left in the stored incremental relations (raw lines, records, parsed facts) are deleted, so the
    folds rebuilt in that run see only retained events. Without the var nothing is dropped. -#}

{#- The cutoff as a SQL timestamp (UTC), or none when retention is off. -#}
{% macro retention_cutoff() -%}
    {%- set days = var('retention_days', none) -%}
    {%- if days is none or (days | string | trim) == '' -%}
        {{ return(none) }}
    {%- endif -%}
    {%- if not (days | string | trim).isdigit() -%}
        {{ exceptions.raise_compiler_error("retention_days must be a whole number of days >= 0, got '" ~ days ~ "'") }}
    {%- endif -%}
    {%- set as_of_text = var('retention_as_of', none) -%}
    {%- if as_of_text is none or (as_of_text | string | trim) == '' -%}
        {%- set as_of = run_started_at -%}
    {%- else -%}
        {%- set as_of = modules.datetime.datetime.fromisoformat(as_of_text | string | trim) -%}
    {%- endif -%}
    {%- if as_of.tzinfo is not none -%}
        {%- set as_of = as_of.astimezone(modules.pytz.utc).replace(tzinfo=none) -%}
    {%- endif -%}
    {%- set cutoff = as_of - modules.datetime.timedelta(days=(days | string | trim | int)) -%}
    {{ return("cast('" ~ cutoff.strftime('%Y-%m-%d %H:%M:%S.%f') ~ "' as timestamp)") }}
{%- endmacro %}

{#- A condition on an event time column: true when the event is retained (always true without retention). -#}
{% macro is_retained(event_time_column) -%}
    {%- set cutoff = lineage_warehouse.retention_cutoff() -%}
    {%- if cutoff is none -%}
        1 = 1
    {%- else -%}
        {{ event_time_column }} >= {{ cutoff }}
    {%- endif -%}
{%- endmacro %}

{#- on-run-start: delete the expired events' rows from every stored incremental relation of the project.
    Three ledgers are written first, from the relations as they are before any delete: the expired events
    (stg_events), the expired records (stg_event_envelopes; a record without a readable eventTime is never
    expired) and the landed lines all of whose records are expired. Each relation is trimmed with the ledger of
    the finest key it holds: event_hash, else (source_file, line_number, element_index), else (source_file,
    line_number). Rows are removed consistently across layers, so the landing-batch watermarks stay valid.
    Models rebuilt on a 'retention' trigger (macros/fold_rebuilds.sql) are not trimmed: the trigger recorded here
    empties and rebuilds them from retained rows in this run (a per-batch aggregate has no event key anyway). -#}
{% macro apply_retention() -%}
    {%- set cutoff = lineage_warehouse.retention_cutoff() -%}
    {%- if cutoff is none or not execute or flags.WHICH not in ('run', 'build') -%}
        {{ return('') }}
    {%- endif -%}
    {%- set stored = {} -%}
    {%- for node in lineage_warehouse.project_incremental_models() -%}
        {%- set relation = adapter.get_relation(node.database, node.schema, node.alias) -%}
        {%- if 'retention' in node.config.meta.get('rebuilt_on', []) -%}
            {{ log("retention: " ~ node.name ~ " is not trimmed: rebuilt from retained rows when events expire", info=true) }}
        {%- elif relation is not none -%}
            {%- do stored.update({node.name: relation}) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- if 'stg_events' not in stored or 'stg_event_envelopes' not in stored -%}
        {{ return('') }}
    {%- endif -%}
    {%- set envelopes = stored['stg_event_envelopes'] -%}
    {%- set ledgers = {
        'events': envelopes.incorporate(path={'identifier': 'retention_expired_events'}),
        'records': envelopes.incorporate(path={'identifier': 'retention_expired_records'}),
        'lines': envelopes.incorporate(path={'identifier': 'retention_expired_lines'})
    } -%}
    {%- set ledger_queries = {
        'events': 'select distinct event_hash as expired_event_hash from ' ~ stored['stg_events']
            ~ ' where event_time < ' ~ cutoff,
        'records': 'select distinct source_file as expired_source_file, line_number as expired_line_number,'
            ~ ' coalesce(element_index, -1) as expired_element_key from ' ~ envelopes
            ~ ' where event_time < ' ~ cutoff,
        'lines': 'select source_file as expired_source_file, line_number as expired_line_number from ' ~ envelopes
            ~ ' group by source_file, line_number'
            ~ ' having min(case when event_time < ' ~ cutoff ~ ' then 1 else 0 end) = 1'
    } -%}
    {%- for kind in ['events', 'records', 'lines'] -%}
        {%- do run_query('drop table if exists ' ~ ledgers[kind]) -%}
        {%- do run_query('create table ' ~ ledgers[kind] ~ ' as ' ~ ledger_queries[kind]) -%}
    {%- endfor -%}
    {%- do lineage_warehouse.record_fold_rebuild_trigger(
        'retention', 'exists (select 1 from ' ~ ledgers['events'] ~ ')') -%}
    {%- for name, relation in stored.items() | sort -%}
        {%- set columns = adapter.get_columns_in_relation(relation) | map(attribute='name') | map('lower') | list -%}
        {%- if 'event_hash' in columns -%}
            {%- set kind, keys = 'events', [('event_hash', 'expired_event_hash')] -%}
        {%- elif 'element_index' in columns -%}
            {%- set kind, keys = 'records', [('source_file', 'expired_source_file'),
                ('line_number', 'expired_line_number'), ('coalesce(element_index, -1)', 'expired_element_key')] -%}
        {%- elif 'line_number' in columns -%}
            {%- set kind, keys = 'lines', [('source_file', 'expired_source_file'),
                ('line_number', 'expired_line_number')] -%}
        {%- else -%}
            {{ exceptions.raise_compiler_error("retention: incremental model " ~ name ~ " has no event key (event_hash, element_index or line_number)") }}
        {%- endif -%}
        {%- do lineage_warehouse.delete_matching_rows(relation, ledgers[kind], keys) -%}
        {{ log("retention: trimmed " ~ name ~ " of events before " ~ cutoff, info=true) }}
    {%- endfor -%}
    {%- for kind in ['events', 'records', 'lines'] -%}
        {%- do run_query('drop table if exists ' ~ ledgers[kind]) -%}
    {%- endfor -%}
    {%- do lineage_warehouse.commit_transaction() -%}
{%- endmacro %}
