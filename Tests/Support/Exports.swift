@_exported import TransitionCoordinatorTesting

/// The library's own tests and harness use the testing product's types under the names they
/// had before it shipped: one copy of each, in the product.
package typealias ManualClock = TestClock

/// The product's ``TestHost``, under the name the adversarial tests use.
package typealias HookedHost = TestHost
