{#- Control characters of a SQL text replaced by their Python escape text (§6.2): tab → \t, carriage return →
    \r, every other one of \x00-\x08, \x0b-\x1f, \x7f → \xNN; the line feed is kept. -#}
{% macro escape_control_characters(expr) -%}
    {%- set ns = namespace(sql=expr) -%}
    {%- for code in range(0, 10) | list + range(11, 32) | list + [127] -%}
        {%- if code == 9 -%}{%- set text = '\\t' -%}
        {%- elif code == 13 -%}{%- set text = '\\r' -%}
        {%- else -%}{%- set text = '\\x' ~ ('%02x' | format(code)) -%}
        {%- endif -%}
        {%- set ns.sql = 'replace(' ~ ns.sql ~ ', chr(' ~ code ~ '), ' ~ lineage_warehouse.sql_string(text) ~ ')' -%}
    {%- endfor -%}
    {{ ns.sql }}
{%- endmacro %}
