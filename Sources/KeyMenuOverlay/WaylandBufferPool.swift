import CGtkOverlay
import Glibc
import KeyMenuRuntime
import SystemPackage

/// The overlay's own `wl_shm` buffers on Wayland: two, or three when a
/// frame comes while the compositor holds both, made once per size and
/// scale and drawn again each time the compositor has released one.
///
/// Written by hand because GTK 3 reuses its committed shm buffer only when
/// the compositor released it before the next paint. wlroots' pixman
/// renderer (sway without a GPU) holds a client's buffer until its next
/// commit, so GTK made a new memfd-backed buffer for every frame, copied
/// the whole last frame into it (`read_back_cairo_surface`) and destroyed
/// the old one: under headless sway 40 % of the overlay's CPU per key went
/// to page faults on fresh shared memory, and a key reached the screen in
/// 2.4 ms against fuzzel's 0.8 ms (fuzzel and tofi keep a pool like this).
///
/// A C-boundary file: the overlay's libwayland-client, memfd and mmap calls.
final class WaylandBufferPool {
  /// A buffer's size in surface (logical) pixels and the scale it is drawn at.
  struct Size: Equatable {
    var width: Int
    var height: Int
    var scale: Int
  }

  /// One `wl_buffer` over a memory file of its own, mapped, with a Cairo
  /// image surface on the same memory (device scale set: drawn in
  /// logical pixels).
  final class Buffer {
    fileprivate let buffer: OpaquePointer
    private let data: UnsafeMutableRawPointer
    private let length: Int
    /// The Cairo surface to draw on (`CAIRO_FORMAT_ARGB32`, premultiplied,
    /// which is `WL_SHM_FORMAT_ARGB8888`).
    let surface: OpaquePointer
    /// Whether the compositor may read it (committed, not released yet):
    /// drawing on it now could show a half-drawn frame.
    fileprivate(set) var held = false
    /// The scene the buffer holds whole, nil while nothing valid is in it.
    var scene: OverlayScene?

    fileprivate init(
      buffer: OpaquePointer, data: UnsafeMutableRawPointer, length: Int, surface: OpaquePointer
    ) {
      self.buffer = buffer
      self.data = data
      self.length = length
      self.surface = surface
    }

    deinit {
      // Allowed while the compositor holds it: it keeps its own mapping.
      wl_buffer_destroy(buffer)
      cairo_surface_destroy(surface)
      munmap(data, length)
    }
  }

  /// At most this many buffers: one on the screen, one being drawn, one
  /// more while the compositor has not released the one before.
  static let most = 3
  private let display: OpaquePointer
  private let shm: OpaquePointer
  private let listener: UnsafeMutablePointer<wl_buffer_listener>
  private var buffers: [Buffer] = []
  private var size: Size?
  /// How many buffers the pool made in all (`--trace-frames` reports it).
  private(set) var made = 0
  /// Called when the compositor released a buffer.
  var onRelease: (() -> Void)?

  /// Binds `wl_shm` on GDK's Wayland display, through an event queue of
  /// its own so that none of GDK's events is dispatched here; nil where
  /// the display has none.
  init?(display gdkDisplay: OpaquePointer) {
    guard let display = gdk_wayland_display_get_wl_display(gdkDisplay),
      let queue = wl_display_create_queue(display)
    else { return nil }
    defer { wl_event_queue_destroy(queue) }
    // The registry is made on the private queue (through a wrapper of the
    // display), so its events reach only the roundtrip below.
    guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else { return nil }
    wl_proxy_set_queue(OpaquePointer(wrapper), queue)
    let registry = wl_display_get_registry(OpaquePointer(wrapper))
    wl_proxy_wrapper_destroy(wrapper)
    guard let registry else { return nil }
    var found: OpaquePointer?
    var registryListener = wl_registry_listener(
      global: { data, registry, name, interface, _ in
        guard let data, let registry, let interface, strcmp(interface, "wl_shm") == 0 else { return }
        data.assumingMemoryBound(to: OpaquePointer?.self).pointee = keymenu_bind_shm(registry, name)
      },
      global_remove: { _, _, _ in })
    let roundtrip = withUnsafeMutablePointer(to: &found) { found in
      withUnsafeMutablePointer(to: &registryListener) { listener in
        _ = wl_registry_add_listener(registry, listener, found)
        return wl_display_roundtrip_queue(display, queue)
      }
    }
    wl_registry_destroy(registry)
    guard roundtrip >= 0, let found else { return nil }
    // Pools and buffers made from it inherit its queue: GDK's default one,
    // which GDK dispatches, so releases come from GLib's main loop.
    wl_proxy_set_queue(found, nil)
    self.display = display
    shm = found
    listener = .allocate(capacity: 1)
    listener.initialize(
      to: wl_buffer_listener(release: { data, buffer in
        guard let data, let buffer else { return }
        Unmanaged<WaylandBufferPool>.fromOpaque(data).takeUnretainedValue().released(buffer)
      }))
  }

  deinit {
    // No release can come for a buffer once its proxy is gone.
    buffers.removeAll()
    wl_shm_destroy(shm)
    listener.deallocate()
  }

  /// A buffer of `size` the compositor does not hold, preferring one that
  /// holds a scene; made when none is free and fewer than ``most`` are.
  /// Nil when all are held. Buffers of another size are freed first.
  func buffer(for size: Size) throws(Errno) -> Buffer? {
    if size != self.size {
      buffers.removeAll()
      self.size = size
    }
    let free = buffers.filter { !$0.held }
    if let buffer = free.first(where: { $0.scene != nil }) ?? free.first { return buffer }
    guard buffers.count < Self.most else { return nil }
    let buffer = try make(size)
    buffers.append(buffer)
    made += 1
    return buffer
  }

  /// Attaches `buffer` to `surface` at its scale, marks `damage` (surface
  /// coordinates: x, y, width, height) as changed, commits and flushes the
  /// requests to the compositor. The buffer is held until it is released.
  func commit(_ buffer: Buffer, to surface: OpaquePointer, damage: [(Int32, Int32, Int32, Int32)]) {
    cairo_surface_flush(buffer.surface)
    wl_surface_attach(surface, buffer.buffer, 0, 0)
    wl_surface_set_buffer_scale(surface, Int32(size?.scale ?? 1))
    for (x, y, width, height) in damage { wl_surface_damage(surface, x, y, width, height) }
    wl_surface_commit(surface)
    buffer.held = true
    _ = wl_display_flush(display)
  }

  /// Frees every buffer (the window was hidden: its surface is gone).
  func removeAll() {
    buffers.removeAll()
    size = nil
  }

  private func released(_ proxy: OpaquePointer) {
    guard let buffer = buffers.first(where: { $0.buffer == proxy }) else { return }
    buffer.held = false
    onRelease?()
  }

  /// A buffer over a new memory file: memfd, sized and sealed, mapped,
  /// shared with the compositor through a pool of its own.
  private func make(_ size: Size) throws(Errno) -> Buffer {
    let width = Int32(size.width * size.scale)
    let height = Int32(size.height * size.scale)
    let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
    let length = Int(stride) * Int(height)
    guard width > 0, height > 0, stride > 0 else { throw .invalidArgument }
    let fd = try Syscall.retrying { keymenu_memfd_create("keymenu-overlay") }.get()
    defer { close(fd) }
    _ = try Syscall.retrying { ftruncate(fd, off_t(length)) }.get()
    _ = try Syscall.retrying { keymenu_seal_size(fd) }.get()
    let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
    guard let mapped, mapped != MAP_FAILED else { throw Errno(rawValue: errno) }
    guard let pool = wl_shm_create_pool(shm, fd, Int32(length)) else {
      munmap(mapped, length)
      throw .noMemory
    }
    // The buffer keeps the pool's memory: the pool itself is not needed.
    defer { wl_shm_pool_destroy(pool) }
    guard
      let buffer = wl_shm_pool_create_buffer(
        pool, 0, width, height, stride, UInt32(WL_SHM_FORMAT_ARGB8888.rawValue))
    else {
      munmap(mapped, length)
      throw .noMemory
    }
    let surface = cairo_image_surface_create_for_data(
      mapped.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride)!
    cairo_surface_set_device_scale(surface, Double(size.scale), Double(size.scale))
    _ = wl_buffer_add_listener(buffer, listener, Unmanaged.passUnretained(self).toOpaque())
    return Buffer(buffer: buffer, data: mapped, length: length, surface: surface)
  }
}
