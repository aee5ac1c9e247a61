package io.mink.schema.registry;

/**
 * Where schemas named by Kafka records are looked up: the seam between decoding and the registry's
 * network API.
 *
 * <p>The two failures are kept apart because they lead to opposite actions: a schema that does not
 * exist leaves the record's bytes raw (bad data never stops a table), while a registry that cannot
 * answer must stop the round until it can, so that no record turns raw for a reason that is not in
 * the record.
 */
public interface SchemaRegistry {

  /**
   * The schema {@code ref} names, its references resolved.
   *
   * @throws SchemaNotFoundException the registry answered that it has no such schema, or this
   *     registry cannot serve that kind of ref
   * @throws RegistryUnavailableException the registry did not answer usefully: down, refused, timed
   *     out, overloaded, rejected our credentials, or answered something that is not a registry's answer
   */
  RegisteredSchema fetch(SchemaRef ref)
      throws SchemaNotFoundException, RegistryUnavailableException;
}
