-- sha1_url_namespace (SHA-1 of the URL namespace UUID's 16 bytes followed by the UTF-8 text) and uuid5_url built on
-- it: Python's uuid.uuid5(uuid.NAMESPACE_URL, text) for ASCII, empty and non-ASCII texts.
with

cases as (
    select * from (
        values
        ('http://example.com', '8c9ddcb080849a7f69881095ab18b5dfc72f8dc7', '8c9ddcb0-8084-5a7f-a988-1095ab18b5df'),
        ('abc', '68661508f3c4c5b4945dae2b4dfe5db4f569c59e', '68661508-f3c4-55b4-945d-ae2b4dfe5db4'),
        ('', '1b4db7eb4057eddf51e036dec72071f56b8f211e', '1b4db7eb-4057-5ddf-91e0-36dec72071f5'),
        ('é', '10e1d6dedc6883f0c83a30ec870dd739bd6b30fd', '10e1d6de-dc68-53f0-883a-30ec870dd739')
    ) as t (input_text, expected_sha1, expected_uuid)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.sha1_url_namespace('input_text') }} as actual_sha1,
        {{ lineage_warehouse.uuid5_url('input_text') }} as actual_uuid
    from cases
)

select * from final
where
    actual_sha1 is distinct from expected_sha1
    or actual_uuid is distinct from expected_uuid
