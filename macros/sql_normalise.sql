{#- Text helpers that reproduce Python string semantics the reference relies on (§6.2), as regular expressions
    both engines read alike (RE2 on DuckDB, java.util.regex on Spark). -#}

{#- Python's str.isspace() characters, as the body of a regex character class. With line_breaks=false the
    characters str.splitlines() breaks on (\n \v \f \r \x1c-\x1e \x85 \u2028 \u2029) are left out. -#}
{% macro python_whitespace_chars(line_breaks=true) -%}
    {%- set others = '\\t \\x{1f}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{202f}\\x{205f}\\x{3000}' -%}
    {%- set breaks = '\\n\\x{0b}\\x{0c}\\r\\x{1c}-\\x{1e}\\x{85}\\x{2028}\\x{2029}' -%}
    {{ return(others ~ (breaks if line_breaks else '')) }}
{%- endmacro %}

{#- Python's str.splitlines() line boundaries as a regex alternation (\r\n counts as one). -#}
{% macro python_line_break() -%}
    {{ return('(\\r\\n|[\\n\\x{0b}\\x{0c}\\r\\x{1c}-\\x{1e}\\x{85}\\x{2028}\\x{2029}])') }}
{%- endmacro %}

{#- Python's str.strip(): leading and trailing Unicode whitespace removed. -#}
{% macro python_strip(expr) -%}
    {%- set ws = '[' ~ lineage_warehouse.python_whitespace_chars() ~ ']+' -%}
    {{ lineage_warehouse.regex_replace_all(expr, '^' ~ ws ~ '|' ~ ws ~ '$', '') }}
{%- endmacro %}

{#- Spark operation name (§6.2): every line of the job name stripped, the lines joined by single spaces, the
    result stripped, then the prefix "{parent job name}." removed (case-sensitive). -#}
{% macro spark_operation_name(job_name, parent_job_name) -%}
    {%- set blank = '[' ~ lineage_warehouse.python_whitespace_chars(line_breaks=false) ~ ']*' -%}
    {%- set flat = lineage_warehouse.python_strip(lineage_warehouse.regex_replace_all(
        job_name, blank ~ lineage_warehouse.python_line_break() ~ blank, ' ')) -%}
    case
        when
            {{ parent_job_name }} is not null
            and substr({{ flat }}, 1, length({{ parent_job_name }}) + 1) = {{ parent_job_name }} || '.'
            then substr({{ flat }}, length({{ parent_job_name }}) + 2)
        else {{ flat }}
    end
{%- endmacro %}

{#- A SQL line's indentation as textwrap.dedent sees it: its leading spaces and tabs ('' when none). -#}
{% macro sql_line_indent(line) -%}
    coalesce({{ lineage_warehouse.regex_extract(line, '^[ \t]+') }}, '')
{%- endmacro %}

{#- True when a SQL line holds text for textwrap.dedent: a character other than a space or a tab. -#}
{% macro sql_line_has_text(line) -%}
    coalesce({{ lineage_warehouse.regex_matches(line, '[^ \t]') }}, false)
{%- endmacro %}

{#- The control characters of §6.2 (\x00-\x09, \x0b-\x1f, \x7f) replaced by their Python escape text, as the
    reference's codecs.encode(char, "unicode-escape") writes it: \t, \r, else \xNN (lower-case hex); the line
    feed is kept. Texts without one skip the per-character path. -#}
{% macro escape_sql_control_characters(expr) -%}
    {%- set c = 'lw_c' -%}
    {%- set cp = lineage_warehouse.code_point(c) -%}
    {%- set escape_one -%}
        case
            when {{ cp }} = 9 then {{ lineage_warehouse.sql_string('\\t') }}
            when {{ cp }} = 13 then {{ lineage_warehouse.sql_string('\\r') }}
            when {{ cp }} < 32 and {{ cp }} != 10 or {{ cp }} = 127
                then {{ lineage_warehouse.sql_string('\\x') }} || printf('%02x', {{ cp }})
            else {{ c }}
        end
    {%- endset -%}
    case
        when {{ lineage_warehouse.regex_matches(expr, '[\\x{00}-\\x{09}\\x{0b}-\\x{1f}\\x{7f}]') }}
            then {{ lineage_warehouse.transform_join(lineage_warehouse.split_characters(expr), c, escape_one, "''") }}
        else {{ expr }}
    end
{%- endmacro %}

{#- The last step of §6.2 normalisation on a dedented text: stripped, then control characters escaped. -#}
{% macro sql_strip_and_escape(expr) -%}
    {{ lineage_warehouse.escape_sql_control_characters(lineage_warehouse.python_strip(expr)) }}
{%- endmacro %}
