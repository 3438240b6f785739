-- json_kind on both engines: one complete strict JSON value (RFC 8259) → object / array / scalar, JSON whitespace
-- around it allowed; anything else is 'invalid': truncation, trailing garbage (a closing ']' included), two values on
-- a line, blanks, raw control characters inside strings (chr(0), tab, line feed), single quotes, bare words, leading
-- zeros, lone surrogate escapes. Control characters and backslashes are built with chr() (no cross-db chr wrapper is needed:
-- chr(n) for n < 128 is the same character on both engines). json_first_char is checked alongside.
{%- set bs = 'chr(92)' %}
with

cases as (
    select * from (
        values
        ('{"a": 1}', 'object'),
        ('{}', 'object'),
        ('{ }', 'object'),
        ('   {"a": 1}', 'object'),
        ('{"a": 1}   ', 'object'),
        ('{"a": {"b": [1, {"c": null}]}}', 'object'),
        ('{"ключ": "значение 🚀"}', 'object'),
        ('[1, 2]', 'array'),
        ('[]', 'array'),
        (' [ ] ', 'array'),
        ('[{"a": 1}, "s", 2, null]', 'array'),
        ('"s"', 'scalar'),
        ('""', 'scalar'),
        ('"é🚀"', 'scalar'),
        ('42', 'scalar'),
        ('-0', 'scalar'),
        ('-1.5e-3', 'scalar'),
        ('1e999', 'scalar'),
        ('123456789012345678901234567890', 'scalar'),
        ('true', 'scalar'),
        ('false', 'scalar'),
        ('null', 'scalar'),
        ('{"a": 1', 'invalid'),
        ('{"a": ', 'invalid'),
        ('[1, 2', 'invalid'),
        ('"unterminated', 'invalid'),
        ('{"a": 1}}', 'invalid'),
        ('{"a": 1}]', 'invalid'),
        ('[1] ]', 'invalid'),
        ('1]', 'invalid'),
        ('"s"] x', 'invalid'),
        ('1, 0] [', 'invalid'),
        ('{"a": 1} x', 'invalid'),
        ('{"a": 1} {"b": 2}', 'invalid'),
        ('{"a": 1}{"b": 2}', 'invalid'),
        ('{"a": 1}, {"b": 2}', 'invalid'),
        ('[1][2]', 'invalid'),
        ('"x" "y"', 'invalid'),
        ('1 2', 'invalid'),
        ('{"a": 1}/* comment */', 'invalid'),
        ('{''a'': 1}', 'invalid'),
        ('{a: 1}', 'invalid'),
        ('True', 'invalid'),
        ('nul', 'invalid'),
        ('01', 'invalid'),
        ('1.', 'invalid'),
        ('.5', 'invalid'),
        ('+1', 'invalid'),
        ('not json', 'invalid'),
        ('', 'invalid'),
        ('   ', 'invalid'),
        (cast(null as string), 'invalid')
    ) as t (doc, expected)  -- noqa: AL05
),

built_cases as (
    select
        '{"a": "x' || chr(0) || 'y"}' as doc,
        'invalid' as expected
    union all
    select
        '"' || chr(0) || '"' as doc,
        'invalid' as expected
    union all
    select
        '{"a": "x' || chr(9) || 'y"}' as doc,
        'invalid' as expected
    union all
    select
        '{"a": "x' || chr(10) || 'y"}' as doc,
        'invalid' as expected
    union all
    select
        '{"a": "x' || chr(31) || 'y"}' as doc,
        'invalid' as expected
    union all
    select
        chr(9) || chr(13) || chr(10) || ' {"a": 1}' || chr(13) || chr(10) as doc,
        'object' as expected
    union all
    select
        chr(10) || '[1]' as doc,
        'array' as expected
    union all
    select
        '{"a": "x' || {{ bs }} || 'ty", "b": "' || {{ bs }} || 'u00e9' || {{ bs }} || 'ud83d' || {{ bs }} || 'ude80"}'
            as doc,
        'object' as expected
    union all
    select
        '"a' || {{ bs }} || '"b' || {{ bs }} || {{ bs }} || {{ bs }} || '/"' as doc,
        'scalar' as expected
    union all
    select
        '"a' || {{ bs }} || 'xb"' as doc,
        'invalid' as expected
    union all
    select
        '"' || {{ bs }} || 'ud800"' as doc,
        'invalid' as expected
),

first_char_cases as (
    select *
    from (
        values
        ('{"a": 1}', '{'),
        ('  [1]', '['),
        ('"s"', '"'),
        ('x', 'x'),
        ('🚀 rocket', '🚀'),
        ('', cast(null as string)),
        (cast(null as string), cast(null as string))
    ) as t (doc, expected)  -- noqa: AL05
    union all
    select
        chr(9) || chr(13) || chr(10) || ' {' as doc,
        '{' as expected
),

final as (
    select
        'json_kind' as macro_name,
        doc,
        expected,
        {{ lineage_warehouse.json_kind('doc') }} as actual
    from cases
    union all
    select
        'json_kind' as macro_name,
        doc,
        expected,
        {{ lineage_warehouse.json_kind('doc') }} as actual
    from built_cases
    union all
    select
        'json_first_char' as macro_name,
        doc,
        expected,
        {{ lineage_warehouse.json_first_char('doc') }} as actual
    from first_char_cases
)

select * from final
where actual is distinct from expected
