{#- Whether the JSON text `expr` may hold a string whose content the typed parse would read as an object with keys,
    as it reads a list of texts (stg_event_payloads' inputs and outputs keep a string item's content, not its
    quotes): only a string that holds a double quote can, and a double quote inside a string is written escaped (a
    backslash and a quote, or the \u0022 escape). Single quotes are not quotes to either engine's parse
    (parse_json_as). A text for which this is false holds no such string. A scan of the text, no parse. -#}
{% macro may_quote_json_in_a_string(expr) -%}
    (instr({{ expr }}, chr(92) || '"') > 0 or instr({{ expr }}, chr(92) || 'u0022') > 0)
{%- endmacro %}
