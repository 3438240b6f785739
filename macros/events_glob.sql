{#- The events glob (var events_path) and its base directory: everything before the first wildcard, up to
    and including the last '/'. File names in the warehouse are relative to that base, so both engines
    (and every machine) name a file the same way. -#}
{% macro events_glob() -%}
    {{ return(var('events_path')) }}
{%- endmacro %}

{% macro glob_base_dir(glob) -%}
    {%- set ns = namespace(prefix='') -%}
    {%- for ch in glob -%}
        {%- if ch in ['*', '?', '[', '{'] -%}{%- break -%}{%- endif -%}
        {%- set ns.prefix = ns.prefix ~ ch -%}
    {%- endfor -%}
    {%- if '/' in ns.prefix -%}
        {{ return(ns.prefix[:ns.prefix.rfind('/') + 1]) }}
    {%- else -%}
        {{ return('') }}
    {%- endif -%}
{%- endmacro %}
