//! Writing scene files.

use crate::def::SceneDef;

impl SceneDef {
    /// Pretty JSON that `from_json` reads back to an equal definition. Numbers are
    /// written in the shortest form that reads back to the same `f32`.
    pub fn to_json(&self) -> String {
        let pretty = serde_json::to_string_pretty(self)
            .expect("a scene has string keys only, so it always serializes");
        inline_number_arrays(&pretty)
    }
}

/// serde_json's pretty printer puts every array element on its own line, which spreads
/// a vector over four lines. Arrays without objects or strings inside (vectors, vertex
/// lists) are put back on one line: `[0.0, -10.0]`, `[[0.0, 0.0], [1.0, 0.0]]`.
fn inline_number_arrays(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    // For each array still open: where it starts in `out`, and whether it must stay
    // one element per line (it holds an object or a string).
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in pretty.chars() {
        out.push(c);
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' | '{' => {
                in_string = c == '"';
                if let Some(top) = open.last_mut() {
                    top.1 = true;
                }
            }
            '[' => open.push((out.len() - 1, false)),
            ']' => match open.pop() {
                Some((_, true)) => {
                    if let Some(parent) = open.last_mut() {
                        parent.1 = true;
                    }
                }
                Some((start, false)) => {
                    let inline = out[start..]
                        .split_whitespace()
                        .collect::<String>()
                        .replace(',', ", ");
                    out.truncate(start);
                    out.push_str(&inline);
                }
                None => {}
            },
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::inline_number_arrays;

    #[test]
    fn number_arrays_go_on_one_line_and_object_arrays_do_not() {
        let value = serde_json::json!({
            "name": "a [tricky] \"name\" {",
            "v": [1.5, -2.0],
            "vertices": [[0.0, 0.0], [1.0, 0.0]],
            "empty": [],
            "list": [{ "p": [3.0, 4.0] }],
        });
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let out = inline_number_arrays(&pretty);
        assert!(out.contains(r#""v": [1.5, -2.0]"#), "{out}");
        assert!(
            out.contains(r#""vertices": [[0.0, 0.0], [1.0, 0.0]]"#),
            "{out}"
        );
        assert!(out.contains(r#""empty": []"#), "{out}");
        assert!(out.contains(r#""p": [3.0, 4.0]"#), "{out}");
        assert!(out.contains("\"list\": [\n"), "{out}");
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back, value);
    }
}
