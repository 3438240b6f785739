{#- From landed lines to event records: one record per non-blank line of a newline-delimited file, one
    per whole document of a file that holds a single pretty-printed event, one per element of a file that
    holds a JSON array. A file is read as one document when its first line is not a complete JSON value
    (or is an array) and the whole text is valid JSON; otherwise line by line (docs/decisions/).
    Incremental: only the lines of unseen landing batches are read (a document is the lines of its file
    landed in one batch). A single line's record hash and kind are its line's (same text), so each line is
    hashed and parsed once. The record's text leaves here without credentials (D6, macros/credentials.sql); its
    hash is the landed text's. -#}
{{ lineage_warehouse.append_batches_config() }}

with

lines as {{ lineage_warehouse.cte_inlined() }} (
    select
        source_file,
        line_number,
        line_hash,
        payload,
        landing_batch,
        {{ lineage_warehouse.json_kind('payload') }} as line_kind
    from {{ ref('raw_event_lines') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

first_lines as (
    select
        source_file,
        min_by(payload, line_number) as first_payload
    from lines
    group by source_file
),

document_candidates as (
    select source_file
    from first_lines
    where {{ lineage_warehouse.json_kind('first_payload') }} in ('invalid', 'array')
),

documents as (
    select
        lines.source_file,
        min(lines.line_number) as line_number,
        min(lines.landing_batch) as landing_batch,
        {{ lineage_warehouse.ordered_string_agg('lines.payload', 'chr(10)', 'lines.line_number') }}
            as document_text
    from lines
    inner join document_candidates
        on lines.source_file = document_candidates.source_file
    group by lines.source_file
),

classified_documents as (
    select
        source_file,
        line_number,
        landing_batch,
        document_text,
        {{ lineage_warehouse.json_kind('document_text') }} as document_kind
    from documents
),

whole_documents as (
    select
        source_file,
        line_number,
        cast(null as bigint) as element_index,
        landing_batch,
        {{ lineage_warehouse.sha256_hex('document_text') }} as record_hash,
        document_kind as record_kind,
        document_text as record_text
    from classified_documents
    where document_kind in ('object', 'scalar')
),

array_elements as (
    select
        classified_documents.source_file,
        classified_documents.line_number,
        cast(elements.pos as bigint) as element_index,
        classified_documents.landing_batch,
        {{ lineage_warehouse.sha256_hex('cast(elements.value as string)') }} as record_hash,
        {{ lineage_warehouse.json_kind('cast(elements.value as string)') }} as record_kind,
        cast(elements.value as string) as record_text
    from classified_documents
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.json_to_raw_array('classified_documents.document_text'), 'elements'
    ) }}
    where classified_documents.document_kind = 'array'
),

single_lines as (
    select
        lines.source_file,
        lines.line_number,
        cast(null as bigint) as element_index,
        lines.landing_batch,
        lines.line_hash as record_hash,
        lines.line_kind as record_kind,
        lines.payload as record_text
    from lines
    left join classified_documents
        on lines.source_file = classified_documents.source_file
    where coalesce(classified_documents.document_kind, 'invalid') = 'invalid'
),

records as (
    select * from whole_documents
    union all
    select * from array_elements
    union all
    select * from single_lines
),

final as (
    select
        source_file,
        line_number,
        element_index,
        record_hash,
        record_kind,
        {{ lineage_warehouse.without_credentials('record_text') }} as record_text,
        landing_batch
    from records
)

select * from final
