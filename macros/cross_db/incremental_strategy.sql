{#- The incremental strategy of a model, by kind of model:
    'append_only' - rows are only ever added (landing). -#}
{% macro incremental_strategy(kind) -%}
    {{ return(adapter.dispatch('incremental_strategy', 'lineage_warehouse')(kind)) }}
{%- endmacro %}

{% macro default__incremental_strategy(kind) -%}
    {{ lineage_warehouse.not_supported('incremental_strategy') }}
{%- endmacro %}

{% macro duckdb__incremental_strategy(kind) -%}
    {%- if kind == 'append_only' -%}{{ return('append') }}{%- endif -%}
    {{ exceptions.raise_compiler_error('unknown incremental kind ' ~ kind) }}
{%- endmacro %}

{% macro spark__incremental_strategy(kind) -%}
    {%- if kind == 'append_only' -%}{{ return('append') }}{%- endif -%}
    {{ exceptions.raise_compiler_error('unknown incremental kind ' ~ kind) }}
{%- endmacro %}
