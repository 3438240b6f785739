{#- True when expr contains one of `exact_texts` (literal texts, as they are) or a match of one of `words_any_case`
    (regular-expression alternatives in syntax RE2 and Java share, matched in any ASCII letter case; each begins
    with a plain ASCII letter). NULL for NULL. One scan of the text where the engine allows it. -#}
{% macro contains_any(expr, exact_texts, words_any_case) -%}
    {%- if not words_any_case -%}
        {{ exceptions.raise_compiler_error('contains_any: no word to look for') }}
    {%- endif -%}
    {%- for word in words_any_case -%}
        {%- if not modules.re.match('[A-Za-z]', word) -%}
            {{ exceptions.raise_compiler_error('contains_any: ' ~ word ~ ' does not begin with a letter') }}
        {%- endif -%}
    {%- endfor -%}
    {{ return(adapter.dispatch('contains_any', 'lineage_warehouse')(expr, exact_texts, words_any_case)) }}
{%- endmacro %}

{% macro default__contains_any(expr, exact_texts, words_any_case) -%}
    {{ lineage_warehouse.not_supported('contains_any') }}
{%- endmacro %}

{#- DuckDB: instr per exact text, then one RE2 pattern (RE2 scans in linear time). -#}
{% macro duckdb__contains_any(expr, exact_texts, words_any_case) -%}
    ({% for exact in exact_texts %}instr({{ expr }}, {{ lineage_warehouse.sql_string(exact) }}) > 0 or {% endfor -%}
    regexp_matches({{ expr }}, {{ lineage_warehouse.sql_string('(?i)' ~ words_any_case | join('|')) }}))
{%- endmacro %}

{#- Spark: one Java pattern for everything, every exact text quoted (\Q...\E). A lookahead on the characters a match can
    begin with lets the matcher pass the other positions quickly, where a plain case-insensitive alternation tries
    every alternative at every position (docs/decisions/spark-no-repeated-work.md). -#}
{% macro spark__contains_any(expr, exact_texts, words_any_case) -%}
    {%- set first_characters = [] -%}
    {%- set alternatives = [] -%}
    {%- for exact in exact_texts -%}
        {%- if '\\E' in exact -%}
            {{ exceptions.raise_compiler_error('contains_any: an exact text holds \\E') }}
        {%- endif -%}
        {%- do first_characters.append(exact[0] if modules.re.match('[A-Za-z0-9]', exact[0]) else '\\' ~ exact[0]) -%}
        {%- do alternatives.append('\\Q' ~ exact ~ '\\E') -%}
    {%- endfor -%}
    {%- for word in words_any_case -%}
        {%- do first_characters.extend([word[0] | lower, word[0] | upper]) -%}
    {%- endfor -%}
    {%- do alternatives.append('(?i:' ~ words_any_case | join('|') ~ ')') -%}
    {%- set pattern = '(?=[' ~ first_characters | unique(case_sensitive=true) | join('') ~ '])(?:' ~ alternatives | join('|') ~ ')' -%}
    ({{ expr }} rlike {{ lineage_warehouse.sql_string(pattern) }})
{%- endmacro %}
