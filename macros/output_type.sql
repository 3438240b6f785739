{#- Output types (§7.4, D10): bit flags UNKNOWN 0, APPEND 1, CREATE 2, ALTER 4, RENAME 8, OVERWRITE 16, DROP 32,
    TRUNCATE 64, DELETE 128, UPDATE 256, MERGE 512. -#}
{% macro output_type_flags() -%}
    {{ return([('APPEND', 1), ('CREATE', 2), ('ALTER', 4), ('RENAME', 8), ('OVERWRITE', 16), ('DROP', 32),
               ('TRUNCATE', 64), ('DELETE', 128), ('UPDATE', 256), ('MERGE', 512)]) }}
{%- endmacro %}

{#- The flag of the first of `prefixes` ((text, flag) pairs) that `expr` starts with, case-sensitively; `otherwise`
    when none (NULL included). -#}
{% macro output_type_from_prefix(expr, prefixes, otherwise) -%}
    case
        {%- for prefix, flag in prefixes %} when {{ expr }} like '{{ prefix }}%' then {{ flag }}{% endfor %}
        else {{ otherwise }}
    end
{%- endmacro %}

{#- Step 1, Hive: from hive_query.operationName (case-sensitive prefixes); anything else, NULL included, APPEND. -#}
{% macro output_type_from_hive(operation_name) -%}
    {{ lineage_warehouse.output_type_from_prefix(operation_name,
        [('CREATE', 2), ('ALTER', 4), ('DROP', 32), ('TRUNCATE', 64)], 1) }}
{%- endmacro %}

{#- StarRocks (docs/rules.md "StarRocks"), instead of steps 2 to 4: the operation's normalised SQL starts with
    (case-sensitive) INSERT → APPEND, CREATE, ALTER, DROP or TRUNCATE → that flag; anything else, NULL included,
    NULL (the default of step 4, UNKNOWN). `INSERTX` is APPEND, `insert`, `WITH ... INSERT` and `DELETE` are not. -#}
{% macro output_type_from_sql_prefix(sql_query) -%}
    {{ lineage_warehouse.output_type_from_prefix(sql_query,
        [('INSERT', 1), ('CREATE', 2), ('ALTER', 4), ('DROP', 32), ('TRUNCATE', 64)], 'null') }}
{%- endmacro %}

{#- Step 2: the output's lifecycleStateChange value; NULL when absent or not one of the six values (D5). -#}
{% macro output_type_from_lifecycle(change) -%}
    {{ lineage_warehouse.flag_of(change, [('CREATE', 2), ('OVERWRITE', 16), ('ALTER', 4), ('DROP', 32),
                                          ('RENAME', 8), ('TRUNCATE', 64)]) }}
{%- endmacro %}

{#- D10: a SQL text with its quoted literals ('...', "..." with doubled quotes or backslash escapes, `...`)
    and comments (-- to the end of the line, /* */ or an unclosed /* to the end) each replaced by one space.
    One left-to-right alternation, so a quote inside a comment or a comment marker inside a literal is
    read the way a SQL lexer reads it. -#}
{% macro sql_without_literals_and_comments(sql_expr) -%}
    {%- set pattern -%}
'([^'\\]|\\[\s\S]|'')*'|"([^"\\]|\\[\s\S]|"")*"|`[^`]*`|/\*[\s\S]*?(\*/|\z)|--[^\n]*
    {%- endset -%}
    {{ lineage_warehouse.regex_replace_all(sql_expr, pattern | trim, ' ') }}
{%- endmacro %}

{#- Step 3 with D10: the leftmost of MERGE, INSERT, UPDATE, DELETE, CREATE, RENAME, TRUNCATE, COPY, DROP (not
    when followed by one whitespace and COLUMN) preceded by a word boundary and followed by whitespace,
    in the upper-cased text without literals and comments; INSERT and COPY are APPEND. Without one of them,
    ALTER as a word gives ALTER. NULL when nothing is found. Word characters are letters, digits and '_'
    (Python's \w), whitespace is Python's \s. -#}
{% macro output_type_from_sql(sql_expr) -%}
    {%- set ws = '[' ~ lineage_warehouse.python_whitespace_chars() ~ ']' -%}
    {%- set boundary = '(^|[^\\pL\\pN_])' -%}
    {%- set text = 'upper(' ~ lineage_warehouse.sql_without_literals_and_comments(sql_expr) ~ ')' -%}
    {%- set scanned = lineage_warehouse.regex_replace_all(text, boundary ~ 'DROP' ~ ws ~ 'COLUMN', ' DROP_COLUMN') -%}
    {%- set keyword = lineage_warehouse.regex_extract(
        scanned, boundary ~ '(MERGE|INSERT|UPDATE|DELETE|CREATE|RENAME|TRUNCATE|COPY|DROP)' ~ ws, 2) -%}
    case
        when {{ keyword }} in ('INSERT', 'COPY') then 1
        when {{ keyword }} is not null
            then {{ lineage_warehouse.flag_of(keyword, lineage_warehouse.output_type_flags()) }}
        when {{ lineage_warehouse.regex_matches(scanned, boundary ~ 'ALTER([^\\pL\\pN_]|$)') }} then 4
    end
{%- endmacro %}

{#- Step 4: the default when no step above decides: APPEND for Flink and dbt, UNKNOWN (0) otherwise. -#}
{% macro output_type_default(extractor) -%}
    case when {{ extractor }} in ('FLINK', 'DBT') then 1 else 0 end
{%- endmacro %}
