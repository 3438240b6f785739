{#- PEP 440 versions as Python's packaging.version.Version reads them (§3.3, §5.3, §9): the reference parses
    processing_engine.version and openlineageAdapterVersion with Version after removing every '-SNAPSHOT', and
    stores str(Version), the normalised form. A text that Version rejects drops the facet (D5).
    Capture groups of pep440_pattern() (the text is lower-cased first, as the reference matches case-insensitively):
    1 epoch, 2 release, 3 pre label, 4 pre number, 5 implicit post number ('-1'), 6 post label, 7 post number,
    8 dev label, 9 dev number, 10 local version. -#}

{% macro pep440_pattern() -%}
    {%- set ws = '[' ~ lineage_warehouse.python_whitespace_chars() ~ ']*' -%}
    {{ return('^' ~ ws ~ 'v?(?:([0-9]+)!)?([0-9]+(?:[.][0-9]+)*)'
        ~ '(?:[-_.]?(alpha|a|beta|b|preview|pre|c|rc)[-_.]?([0-9]+)?)?'
        ~ '(?:-([0-9]+)|[-_.]?(post|rev|r)[-_.]?([0-9]+)?)?'
        ~ '(?:[-_.]?(dev)[-_.]?([0-9]+)?)?'
        ~ '(?:[+]([a-z0-9]+(?:[-_.][a-z0-9]+)*))?' ~ ws ~ '$') }}
{%- endmacro %}

{#- A run of digits as Python's str(int(digits)): leading zeros removed ('000' → '0'). -#}
{% macro pep440_int(expr) -%}
    {{ lineage_warehouse.regex_extract(expr, '^0*([0-9]+)$', 1) }}
{%- endmacro %}

{#- The text the reference parses: the raw version with every '-SNAPSHOT' removed, lower-cased. -#}
{% macro pep440_input(expr) -%}
    lower(replace({{ expr }}, '-SNAPSHOT', ''))
{%- endmacro %}

{#- str(Version(text)) after the '-SNAPSHOT' removal, or NULL when the text is not a PEP 440 version, in two
    steps so that the long pattern is written once per capture group, not once per use of a group:
    pep440_captures(expr, prefix) renders the columns <prefix>__matches and <prefix>__g1 .. <prefix>__g10 (a
    select list), and pep440_from_captures(prefix) the normalised text from them (the next CTE).
    Examples: '1.35.0-SNAPSHOT' → '1.35.0', '1.0.0-rc1' → '1.0.0rc1', 'v01.2-1' → '1.2.post1',
    '1.0.dev' → '1.0.dev0', '0!1.0+Ab-007' → '1.0+ab.7', '3.3.2-amzn-1' → NULL. -#}
{% macro pep440_captures(expr, prefix) -%}
    {%- set v = lineage_warehouse.pep440_input(expr) -%}
    {%- set p = lineage_warehouse.pep440_pattern() -%}
    {{ lineage_warehouse.regex_matches(v, p) }} as {{ prefix }}__matches,
    {%- for i in range(1, 10) %}
    {{ lineage_warehouse.regex_extract(v, p, i) }} as {{ prefix }}__g{{ i }},
    {%- endfor %}
    {#- DuckDB extracts groups 0-9 only: the local part (the text after the only '+') is read on its own #}
    {{ lineage_warehouse.regex_extract(v, '[+]([a-z0-9_.-]+)', 1) }} as {{ prefix }}__g10
{%- endmacro %}

{% macro pep440_from_captures(prefix) -%}
    {%- set g = [none] -%}
    {%- for i in range(1, 11) -%}
        {%- do g.append(prefix ~ '__g' ~ i) -%}
    {%- endfor -%}
    {%- set epoch = lineage_warehouse.pep440_int(g[1]) -%}
    {%- set release = lineage_warehouse.transform_join(
        lineage_warehouse.split_text(g[2], '.'), 'lw_rel', lineage_warehouse.pep440_int('lw_rel'), "'.'") -%}
    {%- set local = lineage_warehouse.transform_join(
        lineage_warehouse.split_text(lineage_warehouse.regex_replace_all(g[10], '[-_]', '.'), '.'), 'lw_loc',
        'coalesce(' ~ lineage_warehouse.pep440_int('lw_loc') ~ ', lw_loc)', "'.'") -%}
    case
        when {{ prefix }}__matches then
            case when coalesce({{ epoch }}, '0') != '0' then {{ epoch }} || '!' else '' end
            || {{ release }}
            || case
                when {{ g[3] }} is null then ''
                when {{ g[3] }} in ('a', 'alpha') then 'a' || coalesce({{ lineage_warehouse.pep440_int(g[4]) }}, '0')
                when {{ g[3] }} in ('b', 'beta') then 'b' || coalesce({{ lineage_warehouse.pep440_int(g[4]) }}, '0')
                else 'rc' || coalesce({{ lineage_warehouse.pep440_int(g[4]) }}, '0')
            end
            || case
                when {{ g[5] }} is not null then '.post' || {{ lineage_warehouse.pep440_int(g[5]) }}
                when {{ g[6] }} is not null then '.post' || coalesce({{ lineage_warehouse.pep440_int(g[7]) }}, '0')
                else ''
            end
            || case
                when {{ g[8] }} is not null then '.dev' || coalesce({{ lineage_warehouse.pep440_int(g[9]) }}, '0')
                else ''
            end
            || case when {{ g[10] }} is not null then '+' || {{ local }} else '' end
    end
{%- endmacro %}

{#- Version(v) >= Version('X.Y.Z') for a NORMALISED version text v (output of pep440_from_captures) and a release
    given as a list of three integers: an epoch wins; otherwise the release is compared component by component
    (missing components are 0); an equal release is lower only when it is a pre-release (a, b, rc) or a
    development release without a post release (3.0.0rc1 < 3.0.0, 3.0.0.dev1 < 3.0.0, 3.0.0.post1 > 3.0.0). -#}
{% macro pep440_at_least(v, release) -%}
    {%- set public = lineage_warehouse.regex_extract(v, '^([^+]*)', 1) -%}
    {%- set rel = lineage_warehouse.regex_extract(public, '^(?:[0-9]+!)?([0-9]+(?:[.][0-9]+)*)', 1) -%}
    {%- set parts = [] -%}
    {%- for pattern in ['^([0-9]+)', '^[0-9]+[.]([0-9]+)', '^[0-9]+[.][0-9]+[.]([0-9]+)'] -%}
        {%- do parts.append('coalesce(try_cast(' ~ lineage_warehouse.regex_extract(rel, pattern, 1)
            ~ ' as decimal(38, 0)), 0)') -%}
    {%- endfor -%}
    {%- set tail_nonzero = lineage_warehouse.regex_matches(rel, '^[0-9]+[.][0-9]+[.][0-9]+[.].*[1-9]') -%}
    {%- set pre = lineage_warehouse.regex_matches(public, '[0-9](a|b|rc)[0-9]') -%}
    {%- set dev_only = '(' ~ lineage_warehouse.regex_matches(public, '[.]dev[0-9]')
        ~ ' and not ' ~ lineage_warehouse.regex_matches(public, '[.]post[0-9]') ~ ')' -%}
    case
        when {{ v }} is null then false
        when {{ lineage_warehouse.regex_matches(v, '^[0-9]+!') }} then true
        when {{ parts[0] }} != {{ release[0] }} then {{ parts[0] }} > {{ release[0] }}
        when {{ parts[1] }} != {{ release[1] }} then {{ parts[1] }} > {{ release[1] }}
        when {{ parts[2] }} != {{ release[2] }} then {{ parts[2] }} > {{ release[2] }}
        when {{ tail_nonzero }} then true
        else not ({{ pre }} or {{ dev_only }})
    end
{%- endmacro %}
