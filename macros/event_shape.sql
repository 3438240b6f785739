{#- The declared event shape (docs/architecture.md "One parse"): every part of an OpenLineage event the models
    read, declared once and rendered for each engine by json_shape_type (DuckDB json_transform, Spark from_json).
    The words of a shape:
    - 'text': the value as text, as json_get reads it (strings unquoted; numbers, booleans, objects and arrays
      as compact JSON text; JSON null or a missing key as NULL);
    - 'text_map': an object as a map of key to text (NULL when the value is not an object);
    - a dict: an object with these keys (other keys ignored);
    - a list of one shape: an array of that shape;
    - ['text', an object shape]: a list of objects read item by item (flat_facet_columns): parsed as an array of
      texts, then each item that is a JSON object parsed with the object shape, an item that is not an object
      NULL (staging.facet_issues records it), so that one bad item drops alone on both engines;
    - {'*': shape}: an object as a map of key to shape.
    Where a value may not be of its declared kind and that must be told (D5), it is declared as text and parsed
    once more from that text: DuckDB reads a string where an object is declared as an object of NULLs, and Spark
    reads a whole array as NULL when one item is not of the item's shape. So facet containers are text maps (each
    facet read then with its shape below) and dataset lists are arrays of text. A list of objects inside a facet
    read flat (ownership owners, hierarchy levels) is read the same way, item by item (flat_facet_columns): the
    list is parsed as an array of texts and each item that is a JSON object is parsed with the item's shape; an
    item that is not an object is NULL (staging.facet_issues records it). -#}
{% macro event_shape() -%}
    {{ return({
        'run': {'facets': 'text_map'},
        'job': {'facets': 'text_map'},
        'inputs': ['text'],
        'outputs': ['text'],
        'dataset': 'text'
    }) }}
{%- endmacro %}

{#- The run facets (run.facets.<name>) the models read, each parsed from its text with this shape. -#}
{% macro run_facet_shapes() -%}
    {%- set job_reference = {'namespace': 'text', 'name': 'text'} -%}
    {%- set airflow = {
        'dag': {'dag_id': 'text', 'owner': 'text', 'tags': 'text'},
        'dagRun': {'run_id': 'text', 'run_type': 'text', 'data_interval_start': 'text', 'data_interval_end': 'text'},
        'task': {
            'task_id': 'text', 'operator_class': 'text', 'task_group': {'group_id': 'text'},
            'upstream_task_ids': 'text', 'downstream_task_ids': 'text'
        },
        'taskInstance': {'try_number': 'text', 'map_index': 'text', 'log_url': 'text'}
    } -%}
    {{ return({
        'parent': {
            'run': {'runId': 'text'},
            'job': job_reference,
            'root': {'run': {'runId': 'text'}, 'job': job_reference}
        },
        'processing_engine': {'name': 'text', 'version': 'text', 'openlineageAdapterVersion': 'text'},
        'spark_applicationDetails': {
            'master': 'text', 'appName': 'text', 'applicationId': 'text', 'deployMode': 'text',
            'driverHost': 'text', 'userName': 'text', 'proxyUrl': 'text', 'uiWebUrl': 'text', 'historyUrl': 'text'
        },
        'spark_jobDetails': {'jobId': 'text', 'jobGroup': 'text', 'jobDescription': 'text'},
        'airflowDagRun': airflow,
        'airflow': airflow,
        'dataRentgen_run': {
            'external_id': 'text', 'attempt': 'text', 'running_log_url': 'text', 'persistent_log_url': 'text',
            'start_reason': 'text', 'started_by_user': 'text'
        },
        'dataRentgen_operation': {'name': 'text', 'position': 'text', 'group': 'text', 'description': 'text'},
        'nominalTime': {'nominalStartTime': 'text', 'nominalEndTime': 'text'},
        'tags': {'tags': 'text'},
        'errorMessage': {'message': 'text'},
        'flink_job': {'jobId': 'text'},
        'dbt_run': {'invocation_id': 'text'},
        'hive_session': {'sessionId': 'text', 'creationTime': 'text', 'username': 'text', 'clientIp': 'text'},
        'hive_query': {'queryId': 'text', 'operationName': 'text'},
        'starrocks_session': {'user': 'text', 'clientIp': 'text', 'sessionId': 'text'},
        'jobDependencies': {'upstream': ['text'], 'downstream': ['text']},
        'test': {'tests': ['text', {
            'name': 'text', 'status': 'text', 'severity': 'text', 'type': 'text', 'description': 'text',
            'expected': 'text', 'actual': 'text'
        }]}
    }) }}
{%- endmacro %}

{#- One entry of jobDependencies.upstream or .downstream, parsed from its text (stg_job_dependency_entries): declared
    as text in the facet, so that one entry not of this shape drops alone (Spark would read the whole list as NULL). -#}
{% macro job_dependency_shape() -%}
    {{ return({'job': {'namespace': 'text', 'name': 'text'}, 'dependency_type': 'text'}) }}
{%- endmacro %}

{#- The job facets (job.facets.<name>) the models read. `parent` is read on a JobEvent only (D16): a static
    event has no run to carry the parent run facet, so its job's parent is the job of a `parent` job facet shaped
    like the parent run facet's (docs/decisions/static-events.md). -#}
{% macro job_facet_shapes() -%}
    {{ return({
        'parent': {'job': {'namespace': 'text', 'name': 'text'}},
        'jobType': {'integration': 'text', 'jobType': 'text', 'processingType': 'text'},
        'tags': {'tags': 'text'},
        'sql': {'query': 'text'},
        'ownership': lineage_warehouse.ownership_shape(),
        'documentation': {'description': 'text', 'contentType': 'text'},
        'sourceCodeLocation': {
            'type': 'text', 'url': 'text', 'repoUrl': 'text', 'path': 'text', 'version': 'text', 'tag': 'text'
        },
        'sourceCode': {'language': 'text'}
    }) }}
{%- endmacro %}

{#- The ownership facet, of a job or a dataset: its owners, each a name and an optional type. -#}
{% macro ownership_shape() -%}
    {{ return({'owners': ['text', {'name': 'text', 'type': 'text'}]}) }}
{%- endmacro %}

{#- The dataset facets (inputs[n].facets.<name>, outputs[n].facets.<name>) of the entity marts dataset_facets,
    dataset_owners and dataset_versions: like the run and job facets, each parsed from its text (stg_io_entries),
    so that one of the wrong type drops alone and is told (D5). Laid out flat: facets_<facet>__<field>. -#}
{% macro dataset_facet_shapes() -%}
    {{ return({
        'datasetType': {'datasetType': 'text', 'subType': 'text'},
        'documentation': {'description': 'text', 'contentType': 'text'},
        'storage': {'storageLayer': 'text', 'fileFormat': 'text'},
        'catalog': {
            'framework': 'text', 'type': 'text', 'name': 'text', 'metadataUri': 'text', 'warehouseUri': 'text',
            'source': 'text'
        },
        'hierarchy': {'hierarchy': ['text', {'type': 'text', 'name': 'text'}]},
        'version': {'datasetVersion': 'text'},
        'ownership': lineage_warehouse.ownership_shape()
    }) }}
{%- endmacro %}

{#- The data-quality facets of an input or output entry, per container (the entry's key): the dataset facets of
    OpenLineage 1.38+ and the input facets of older producers, read like the dataset facets (each from its text).
    columnMetrics (column name -> metrics) is kept as text here and parsed per column in stg_io_column_metrics with
    column_metrics_shape(). -#}
{% macro data_quality_facet_shapes() -%}
    {%- set metrics = {
        'rowCount': 'text', 'bytes': 'text', 'fileCount': 'text', 'lastUpdated': 'text', 'columnMetrics': 'text'
    } -%}
    {%- set assertions = {'assertions': ['text', {
        'assertion': 'text', 'success': 'text', 'column': 'text', 'severity': 'text', 'name': 'text',
        'description': 'text', 'expected': 'text', 'actual': 'text'
    }]} -%}
    {{ return({
        'facets': {'dataQualityMetrics': metrics, 'dataQualityAssertions': assertions},
        'inputFacets': {'dataQualityMetrics': metrics, 'dataQualityAssertions': assertions}
    }) }}
{%- endmacro %}

{#- The metrics of one column of a dataQualityMetrics facet (columnMetrics.<column>); quantiles as JSON text. -#}
{% macro column_metrics_shape() -%}
    {{ return({
        'nullCount': 'text', 'distinctCount': 'text', 'sum': 'text', 'count': 'text', 'min': 'text', 'max': 'text',
        'quantiles': 'text'
    }) }}
{%- endmacro %}

{#- Every facet of an input or output entry read from its own text (stg_io_entries), per container: the dataset
    facets of the entity marts and the data-quality facets. -#}
{% macro entry_facet_shapes() -%}
    {%- set shapes = lineage_warehouse.data_quality_facet_shapes() -%}
    {%- set facets = {} -%}
    {%- do facets.update(lineage_warehouse.dataset_facet_shapes()) -%}
    {%- do facets.update(shapes['facets']) -%}
    {{ return({'facets': facets, 'inputFacets': shapes['inputFacets']}) }}
{%- endmacro %}

{#- The flat column prefix of an entry facet: entry_facet_prefix('inputFacets', 'dataQualityMetrics') =
    'input_facets_data_quality_metrics'. -#}
{% macro entry_facet_prefix(container, facet) -%}
    {{ return(lineage_warehouse.snake_case(container) ~ '_' ~ lineage_warehouse.snake_case(facet)) }}
{%- endmacro %}

{#- One input or output entry (inputs[n], outputs[n]), parsed from its text. Its facet containers are kept as
    text (what the models that explode schemas, column lineage and tags still read) and parsed once more with
    io_facet_shapes(). -#}
{% macro io_entry_shape() -%}
    {{ return({'namespace': 'text', 'name': 'text', 'facets': 'text', 'inputFacets': 'text', 'outputFacets': 'text'}) }}
{%- endmacro %}

{#- Where an entry is in its event, as staging.facet_issues names it: 'inputs[n]', 'outputs[n]', or 'dataset' for
    the dataset of a DatasetEvent (io_kind DATASET, D16). -#}
{% macro io_entry_path(io_kind, io_position) -%}
    case
        when {{ io_kind }} = 'DATASET' then 'dataset'
        else lower({{ io_kind }}) || 's[' || cast({{ io_position }} as string) || ']'
    end
{%- endmacro %}

{#- The facets of an input or output entry the models read, per container (the entry's key), as objects: a facet
    that is not an object reads as NULL fields, which is what the models make of it (none needs to tell an
    absent facet from a wrong one). Laid out flat in stg_io_entries: <container>_<facet>__<field>. The tags list
    (facets_tags__tags) is read further into typed columns there (tag_list_columns). -#}
{% macro io_facet_shapes() -%}
    {%- set statistics = {'rowCount': 'text', 'size': 'text', 'fileCount': 'text'} -%}
    {{ return({
        'facets': {
            'symlinks': {'identifiers': ['text']},
            'lifecycleStateChange': {'lifecycleStateChange': 'text'},
            'tags': {'tags': 'text'}
        },
        'inputFacets': {'inputStatistics': statistics},
        'outputFacets': {'outputStatistics': statistics}
    }) }}
{%- endmacro %}

{#- One identifier of a symlinks facet (facets.symlinks.identifiers[n]), parsed from its text. -#}
{% macro symlink_identifier_shape() -%}
    {{ return({'namespace': 'text', 'name': 'text', 'type': 'text'}) }}
{%- endmacro %}

{#- A name in snake case: 'spark_applicationDetails' -> 'spark_application_details'. -#}
{% macro snake_case(name) -%}
    {{ return(modules.re.sub('([a-z0-9])([A-Z])', '\\1_\\2', name | string) | lower) }}
{%- endmacro %}

{#- The columns of stg_event_payloads for a declared facet are flat, so that models and their unit tests read
    plain columns: facet_prefix('run', 'spark_applicationDetails') = 'run_spark_application_details';
    has_<prefix> tells whether the facet was sent as an object, <prefix>__<key>[__<key>...] holds each 'text'
    field, e.g. run_parent__root__run__run_id. -#}
{% macro facet_prefix(container, facet) -%}
    {{ return(container ~ '_' ~ lineage_warehouse.snake_case(facet)) }}
{%- endmacro %}

{#- The key paths of the fields of a facet shape laid out flat: its 'text' fields, its lists of text and its lists
    of objects (a list becomes one column holding the engine array of its item shape, e.g.
    jobDependencies.upstream). A facet read flat has no maps. -#}
{% macro shape_text_paths(shape, path=[]) -%}
    {%- set paths = [] -%}
    {%- for key, value in shape.items() -%}
        {%- if value == 'text' or value == ['text'] or lineage_warehouse.is_object_list(value) or (value is sequence
            and value is not string and value is not mapping and value[0] is mapping) -%}
            {%- do paths.append(path + [key]) -%}
        {%- elif value is mapping and value | list != ['*'] -%}
            {%- do paths.extend(lineage_warehouse.shape_text_paths(value, path + [key])) -%}
        {%- else -%}
            {%- do exceptions.raise_compiler_error('a facet read flat holds only objects, text and lists: ' ~ key) -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(paths) }}
{%- endmacro %}

{#- The flat select items of a parsed facet (`struct_expr`, parsed with `shape`): one per field of
    shape_text_paths, named facet_field(prefix, keys), e.g. facets.run_parent."root"."run"."runId" as
    run_parent__root__run__run_id. A list of objects (parsed as texts, json_shape_type) becomes the engine array of
    its items, each parsed with the item's shape, NULL where the item is not a JSON object. -#}
{% macro flat_facet_columns(struct_expr, prefix, shape) -%}
    {%- set columns = [] -%}
    {%- for keys in lineage_warehouse.shape_text_paths(shape) -%}
        {%- set quoted = [] -%}
        {%- set ns = namespace(value=shape) -%}
        {%- for key in keys %}
            {%- do quoted.append(adapter.quote(key)) %}
            {%- set ns.value = ns.value[key] %}
        {%- endfor -%}
        {%- set field = struct_expr ~ '.' ~ quoted | join('.') -%}
        {%- if lineage_warehouse.is_object_list(ns.value) -%}
            {%- set field = lineage_warehouse.object_list_items(field, ns.value[1]) -%}
        {%- endif -%}
        {%- do columns.append(field ~ ' as ' ~ lineage_warehouse.facet_field(prefix, keys)) -%}
    {%- endfor -%}
    {{ return(columns) }}
{%- endmacro %}

{#- The items of an engine array of JSON texts (`texts`), each parsed with the object shape `item_shape`, NULL where
    an item is not a JSON object: how a list of objects is read item by item, so that one bad item drops alone. -#}
{% macro object_list_items(texts, item_shape) -%}
    {{ return(lineage_warehouse.transform_list(texts, 'lw_item', 'case when '
        ~ lineage_warehouse.facet_text_is_object('lw_item') ~ ' then '
        ~ lineage_warehouse.parse_json_as('lw_item', item_shape, detect_unparsed=false) ~ ' end')) }}
{%- endmacro %}

{#- One tag of a tags list (the `tags` field of a job, run or dataset tags facet): its key and value as text. -#}
{% macro tag_item_shape() -%}
    {{ return({'key': 'text', 'value': 'text'}) }}
{%- endmacro %}

{#- The typed columns staging reads from a tags list kept as JSON text (`text`, the `tags` field of a tags facet:
    a list whose kind a check needs, D5): <name>_kind, its JSON kind (json_kind, NULL when the list is absent or
    JSON null), and <name>_items, its items parsed with tag_item_shape() (NULL items where not objects; NULL
    unless the text is a JSON array, json_to_raw_array). -#}
{% macro tag_list_columns(text, name) -%}
    {{ return([
        'case when ' ~ text ~ ' is not null then ' ~ lineage_warehouse.json_kind(text) ~ ' end as ' ~ name ~ '_kind',
        lineage_warehouse.object_list_items(lineage_warehouse.json_to_raw_array(text), lineage_warehouse.tag_item_shape())
            ~ ' as ' ~ name ~ '_items'
    ]) }}
{%- endmacro %}

{#- True when a declared shape is a list of objects read item by item: ['text', object shape]. -#}
{% macro is_object_list(shape) -%}
    {{ return(shape is sequence and shape is not string and shape is not mapping and shape | length == 2
        and shape[0] == 'text' and shape[1] is mapping) }}
{%- endmacro %}

{#- The key paths (as in shape_text_paths) of the lists of objects of a facet shape. -#}
{% macro shape_object_list_paths(shape, path=[]) -%}
    {%- set paths = [] -%}
    {%- for key, value in shape.items() -%}
        {%- if lineage_warehouse.is_object_list(value) -%}
            {%- do paths.append(path + [key]) -%}
        {%- elif value is mapping and value | list != ['*'] -%}
            {%- do paths.extend(lineage_warehouse.shape_object_list_paths(value, path + [key])) -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(paths) }}
{%- endmacro %}

{#- The key paths (as in shape_text_paths) of every declared list of a facet shape: lists of text (['text']) and
    lists of objects read item by item (['text', object shape]). -#}
{% macro shape_list_paths(shape, path=[]) -%}
    {%- set paths = [] -%}
    {%- for key, value in shape.items() -%}
        {%- if value == ['text'] or lineage_warehouse.is_object_list(value) -%}
            {%- do paths.append(path + [key]) -%}
        {%- elif value is mapping and value | list != ['*'] -%}
            {%- do paths.extend(lineage_warehouse.shape_list_paths(value, path + [key])) -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(paths) }}
{%- endmacro %}

{#- D5: a declared list sent as another JSON type (a string, a number, a boolean, an object): 'not_an_array', NULL
    otherwise. `typed` is the list's typed column (NULL unless the value is an array: both engines read any array
    into a list of texts), `text` the JSON text of the facet or container holding it, `keys` the list's path in
    that text, `present` whether the facet was sent as an object. The text is read only for a present facet whose
    typed list is NULL and whose text names the list's key (or holds a \u escape, with which a key can be spelt):
    a missing list or JSON null is no issue. -#}
{% macro declared_list_problem(typed, text, keys, present) -%}
    case
        when
            {{ present }}
            and {{ typed }} is null
            and (
                instr({{ text }}, {{ lineage_warehouse.sql_string(keys[-1]) }}) > 0
                or instr({{ text }}, {{ lineage_warehouse.sql_string('\\u') }}) > 0
            )
            and {{ lineage_warehouse.json_get(text, keys) }} is not null
            then 'not_an_array'
    end
{%- endmacro %}

{#- The column of a facet's field: facet_field('run_parent', ['root', 'run', 'runId']) =
    'run_parent__root__run__run_id'. -#}
{% macro facet_field(prefix, keys) -%}
    {%- set parts = [prefix] -%}
    {%- for key in keys -%}
        {%- do parts.append(lineage_warehouse.snake_case(key)) -%}
    {%- endfor -%}
    {{ return(parts | join('__')) }}
{%- endmacro %}

{#- True when the facet (a prefix of facet_prefix) was sent as a JSON object (a NULL flag reads as absent). -#}
{% macro facet_present(prefix) -%}
    coalesce(has_{{ prefix }}, false)
{%- endmacro %}

{#- True when a facet's text (a value of a text_map) is a JSON object; such a facet is parsed with its shape. -#}
{% macro facet_text_is_object(text) -%}
    coalesce({{ lineage_warehouse.json_first_char(text) }} = '{', false)
{%- endmacro %}

{#- The fields every facet carries (OpenLineage BaseFacet): who produced it and the schema it follows, read from
    each facet's text in stg_event_facets. -#}
{% macro facet_header_shape() -%}
    {{ return({'_producer': 'text', '_schemaURL': 'text'}) }}
{%- endmacro %}
