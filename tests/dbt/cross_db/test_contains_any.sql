-- contains_any: an exact text matches as it is (its regex characters are literal: 'a.b' does not match 'axb', '@'
-- matches anywhere), a word in any ASCII letter case and with its regex syntax ('api_?key' matches 'ApiKey' and
-- 'API_KEY'), inside a longer word too; no exact text and no word → false; NULL → NULL.
{%- set exact_texts = ['@', 'a.b', '$x'] -%}
{%- set words = ['password', 'api_?key', 'sig'] %}
with

cases as (
    select * from (
        values
        ('user@host', 'true'),
        ('a.b', 'true'),
        ('axb', 'false'),
        ('cost $x', 'true'),
        ('cost x', 'false'),
        ('"PassWord": 1', 'true'),
        ('MYPASSWORDS', 'true'),
        ('passwd', 'false'),
        ('ApiKey', 'true'),
        ('API_KEY=1', 'true'),
        ('api-key', 'false'),
        ('SIGnature', 'true'),
        ('s i g', 'false'),
        ('', 'false'),
        (cast(null as string), cast(null as string))
    ) as t (input_text, expected)  -- noqa: AL05
),

final as (
    select
        *,
        cast({{ lineage_warehouse.contains_any('input_text', exact_texts, words) }} as string) as actual
    from cases
)

select * from final
where actual is distinct from expected
