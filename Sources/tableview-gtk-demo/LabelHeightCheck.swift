import CGtk
import DemoData
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `--self-test label-heights`: the height the table's cells give each label
/// (`GTKLabel.height(of:forWidth:)`, read from the layout the label draws with) against GTK's own
/// measure of the same label at the same width, for the feed's posts, texts that wrap, cut, mix
/// scripts and emoji, and a label with CSS margins, borders and padding: equal, except that a
/// line cut short by an ellipsis may be up to 4 pixels lower than GTK's uncut line; and a cell
/// reused for every post against a new cell with the same texts (equal); prints
/// `{"compared":N,"mismatches":M,"examples":[…]}` and exits 1 unless every height agrees.
enum LabelHeightCheck {
  static func run(window: DemoWindow) {
    let texts =
      (0..<300).flatMap { number -> [String] in
        let post = FeedPost(number: number * 7_919)
        return [FeedDataSet.postTitle(post), post.text]
      } + [
        "", "x", "W", "一", "🎉", "a\nb", "first line\nsecond line that is a good deal longer than the first one",
        String(repeating: "word ", count: 80), String(repeating: "长", count: 120),
        "Mixed 中文 and emoji 🎉☕️ in one line that goes on and on and on and on and on and on",
        "Supercalifragilisticexpialidocious-and-then-some-more-unbreakable-characters",
      ]
    let boxed = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(
      boxed, ".stv-check-boxed { margin: 2px 5px 3px 4px; border: 1px solid black; padding: 3px 6px 2px 7px; }", -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(boxed), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    // Ours on labels reused for every text (as a table's cells are); GTK's on new labels, which no
    // earlier measure has touched.
    let ours = Labels()
    var compared = 0
    var examples: [String] = []
    for text in texts {
      let reference = Labels()
      for (name, widget) in ours.all + reference.all {
        gtk_label_set_text(OpaquePointer(widget), text)
        if name == "detail" { gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1) }
      }
      for ((name, widget), (_, fresh)) in zip(ours.all, reference.all) {
        for width: Int32 in [160, 333, 812] {
          let height = GTKLabel.height(of: widget, forWidth: width)
          let cut = pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(widget))) != 0
          var minimum: Int32 = 0
          var natural: Int32 = 0
          gtk_widget_measure(fresh, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
          compared += 1
          let gtk = max(minimum, natural)
          // GTK measures a label that ellipsizes on one line uncut; ours is the line as drawn, cut
          // at the width, which may leave out a taller glyph (an emoji): never taller than GTK's.
          if cut ? height > gtk || height < gtk - 4 : height != gtk {
            examples.append("\(name) at \(width): \(height) vs GTK \(gtk) for \(text.debugDescription)")
          }
        }
      }
    }
    // A cell reused for every post measures as a new cell would: nothing of an earlier text stays.
    let reused = GTKTableViewCell(style: .subtitle, imageSize: 36)
    for pair in stride(from: 0, to: texts.count - 1, by: 2) {
      reused.textLabel.text = texts[pair]
      reused.detailTextLabel?.text = texts[pair + 1]
      let fresh = GTKTableViewCell(style: .subtitle, imageSize: 36)
      fresh.textLabel.text = texts[pair]
      fresh.detailTextLabel?.text = texts[pair + 1]
      for width in [200.0, 886] {
        compared += 1
        let (again, new) = (reused.sizeThatFits(width: width), fresh.sizeThatFits(width: width))
        if again != new {
          examples.append(
            "reused cell at \(width): \(again) vs a new cell's \(new) for \(texts[pair + 1].debugDescription)")
        }
      }
    }
    let quoted = examples.prefix(10).map(FeedPage.jsonString)
    print("{\"compared\":\(compared),\"mismatches\":\(examples.count),\"examples\":[\(quoted.joined(separator: ","))]}")
    window.quit(status: examples.isEmpty ? 0 : 1)
  }
}

/// The labels compared: a feed cell's title (ellipsized) and detail (wrapping), and a wrapping and a
/// plain label with CSS margins, borders and padding and a margin of their own.
private final class Labels {
  let cell = GTKTableViewCell(style: .subtitle, imageSize: 36)
  let boxedWrapping = Labels.boxed(wrap: true)
  let boxedPlain = Labels.boxed(wrap: false)

  var all: [(name: String, widget: UnsafeMutablePointer<GtkWidget>)] {
    [("title", cell.textLabel.widget)] + (cell.detailTextLabel.map { [("detail", $0.widget)] } ?? [])
      + [("boxed wrapping", boxedWrapping), ("boxed plain", boxedPlain)]
  }

  static func boxed(wrap: Bool) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    if wrap {
      gtk_label_set_wrap(OpaquePointer(label), 1)
      gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
      gtk_widget_set_margin_start(label, 9)
    }
    gtk_widget_add_css_class(label, "stv-check-boxed")
    g_object_ref_sink(gpointerOf(label))
    return label
  }

  deinit {
    g_object_unref(gpointerOf(boxedWrapping))
    g_object_unref(gpointerOf(boxedPlain))
  }
}
