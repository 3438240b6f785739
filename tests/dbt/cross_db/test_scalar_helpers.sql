-- sha256_hex, hex_to_bigint, epoch_ms_to_timestamp, timestamp_to_epoch_ms, regex_matches, regex_extract,
-- regex_replace_all, split_text, sql_string, format_python_isoformat, glob_base_dir (Jinja).
with

checks as (
    select
        'sha256' as probe,
        {{ lineage_warehouse.sha256_hex("'abc'") }} as actual,
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' as expected
    union all
    select
        'hex' as probe,
        cast({{ lineage_warehouse.hex_to_bigint("'0197833d6cec'") }} as string) as actual,
        '1750253530348' as expected
    union all
    select
        'hex_bad' as probe,
        cast({{ lineage_warehouse.hex_to_bigint("'xyz'") }} as string) as actual,
        cast(null as string) as expected
    union all
    select
        'epoch_ms' as probe,
        cast({{ lineage_warehouse.epoch_ms_to_timestamp('1750253530348') }} as string) as actual,
        '2025-06-18 13:32:10.348' as expected
    union all
    select
        'to_epoch_ms' as probe,
        cast({{ lineage_warehouse.timestamp_to_epoch_ms("cast('2025-06-18 13:32:10.348' as timestamp)") }} as string)
            as actual,
        '1750253530348' as expected
    union all
    select
        'matches' as probe,
        cast({{ lineage_warehouse.regex_matches("'kafka://a:1'", '^[a-z]+://') }} as string) as actual,
        'true' as expected
    union all
    select
        'no_match' as probe,
        cast({{ lineage_warehouse.regex_matches("'plain'", '^[a-z]+://') }} as string) as actual,
        'false' as expected
    union all
    select
        'extract' as probe,
        {{ lineage_warehouse.regex_extract("'hdfs://nn:8020/x'", '^([a-z]+):', 1) }} as actual,
        'hdfs' as expected
    union all
    select
        'extract_none' as probe,
        {{ lineage_warehouse.regex_extract("'plain'", '^([a-z]+):', 1) }} as actual,
        cast(null as string) as expected
    union all
    select
        'replace_all' as probe,
        {{ lineage_warehouse.regex_replace_all("'a1b22c'", '[0-9]+', '-') }} as actual,
        'a-b-c' as expected
    union all
    select
        'sql_string' as probe,
        {{ lineage_warehouse.sql_string("it's a \\ b") }} as actual,
        'it' || chr(39) || 's a ' || chr(92) || ' b' as expected
    union all
    select
        'isoformat' as probe,
        {{ lineage_warehouse.format_python_isoformat("cast('2025-06-18 13:32:03.229' as timestamp)") }} as actual,
        '2025-06-18T13:32:03.229000+00:00' as expected
    union all
    select
        'isoformat_whole' as probe,
        {{ lineage_warehouse.format_python_isoformat("cast('2025-06-18 13:32:03' as timestamp)") }} as actual,
        '2025-06-18T13:32:03+00:00' as expected
    union all
    select
        'glob_base' as probe,
        '{{ lineage_warehouse.glob_base_dir("a/b/*.json") }}' as actual,
        'a/b/' as expected
    union all
    select
        'glob_base_recursive' as probe,
        '{{ lineage_warehouse.glob_base_dir("/x/**/y*.json") }}' as actual,
        '/x/' as expected
    union all
    select
        'glob_base_none' as probe,
        '{{ lineage_warehouse.glob_base_dir("*.json") }}' as actual,
        '' as expected
),

split_pieces as (
    select
        'split' as probe,
        {{ lineage_warehouse.ordered_string_agg("'<' || pieces.value || '>'", "''", 'pieces.pos') }} as actual,
        '<a><><b>' as expected
    from (select 'a,,b' as doc) as docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.split_text('docs.doc', ','), 'pieces') }}
),

all_checks as (
    select * from checks
    union all
    select * from split_pieces
),

final as (
    select * from all_checks
    where actual is distinct from expected
)

select * from final
