{#- Whether the JSON text `expr` may hold a string whose content the engine's typed parse would read as an object
    with keys, as it reads a list of texts (stg_event_payloads' inputs and outputs keep a string item's content, not
    its quotes): only a string that holds a quote can. A double quote inside a string is written escaped (a
    backslash and a quote, or the \u0022 escape); Spark's JSON reader also takes single quotes as quotes. A text for
    which this is false holds no such string. A scan of the text, no parse. -#}
{% macro may_quote_json_in_a_string(expr) -%}
    {{ return(adapter.dispatch('may_quote_json_in_a_string', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__may_quote_json_in_a_string(expr) -%}
    {{ lineage_warehouse.not_supported('may_quote_json_in_a_string') }}
{%- endmacro %}

{#- An escaped double quote in the text, either way it can be written (both engines). -#}
{% macro holds_escaped_double_quote(expr) -%}
    (instr({{ expr }}, chr(92) || '"') > 0 or instr({{ expr }}, chr(92) || 'u0022') > 0)
{%- endmacro %}

{% macro duckdb__may_quote_json_in_a_string(expr) -%}
    {{ lineage_warehouse.holds_escaped_double_quote(expr) }}
{%- endmacro %}

{% macro spark__may_quote_json_in_a_string(expr) -%}
    ({{ lineage_warehouse.holds_escaped_double_quote(expr) }} or instr({{ expr }}, '''') > 0)
{%- endmacro %}
