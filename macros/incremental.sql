{#- Incremental builds by landing batch (docs/decisions.md "Incremental builds: landing batches").
    Each landing run that adds lines numbers them with the next landing_batch; a model that holds rows of one
    event each (parsing, exploding one event's facets) appends the rows of the batches it has not seen, and
    everything that folds many events together is rebuilt from those rows. -#}

{#- The landing batch of the lines this run lands: 1 on a fresh or fully refreshed table, else one more than
    the last batch landed. -#}
{#- True when this run appends to the model's existing table (false on a fresh or fully refreshed build, and in
    unit tests, which have no table). -#}
{% macro is_appending() -%}
    {{ return(this is not none and is_incremental()) }}
{%- endmacro %}

{% macro next_landing_batch() -%}
    {%- if lineage_warehouse.is_appending() -%}
        (select coalesce(max(landing_batch), 0) + 1 from {{ this }})
    {%- else -%}
        cast(1 as bigint)
    {%- endif -%}
{%- endmacro %}

{#- A condition on an upstream row: true when its landing batch is not in this model yet (always true on a
    fresh or fully refreshed table). The last batch here is read when the model is compiled and written as a
    constant, so both engines skip the stored row groups of older batches instead of reading them. -#}
{% macro in_unseen_batch(column='landing_batch') -%}
    {%- if lineage_warehouse.is_appending() and execute -%}
        {%- set seen = run_query('select coalesce(max(landing_batch), 0) from ' ~ this).columns[0].values()[0] -%}
        {{ column }} > {{ seen | int }}
    {%- elif lineage_warehouse.is_appending() -%}
        {{ column }} > 0
    {%- else -%}
        1 = 1
    {%- endif -%}
{%- endmacro %}

{#- The config of a model that appends the rows of unseen landing batches. -#}
{% macro append_batches_config() -%}
    {{ config(
        materialized='incremental',
        incremental_strategy=lineage_warehouse.incremental_strategy('append_only'),
        on_schema_change='fail'
    ) }}
{%- endmacro %}
