//! The engine's debug layers the testbed draws only when asked: bounding boxes, centres
//! of mass, contact impulses.

use lockstep2d::DrawOptions;

/// Which of the extra layers are on. Shapes, joints and contacts are always drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Layers {
    /// Each shape's bounding box.
    pub bounds: bool,
    /// Each dynamic body's axes at its centre of mass.
    pub centers_of_mass: bool,
    /// Each contact point's normal and friction impulses of the last step.
    pub impulses: bool,
}

/// The layers' names, as `Layers::parse` takes them.
pub const LAYER_NAMES: [&str; 3] = ["bounds", "centers", "impulses"];

impl Layers {
    /// The layers named in a comma-separated list of `LAYER_NAMES` (empty for none).
    /// Fails on a name it does not know, saying which names it knows.
    pub fn parse(list: &str) -> Result<Layers, String> {
        let mut layers = Layers::default();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let layer = match name {
                "bounds" => &mut layers.bounds,
                "centers" => &mut layers.centers_of_mass,
                "impulses" => &mut layers.impulses,
                _ => {
                    let known = LAYER_NAMES.join(", ");
                    return Err(format!("no layer named {name:?}: the layers are {known}"));
                }
            };
            *layer = true;
        }
        Ok(layers)
    }

    /// Switches these layers on in `options`.
    pub fn apply(self, options: &mut DrawOptions) {
        options.aabbs |= self.bounds;
        options.centers_of_mass |= self.centers_of_mass;
        options.normal_impulses |= self.impulses;
        options.friction_impulses |= self.impulses;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_are_named_in_a_comma_list_and_unknown_names_are_refused() {
        let layers = Layers::parse("bounds, impulses").unwrap();
        assert!(layers.bounds && layers.impulses && !layers.centers_of_mass);
        assert_eq!(Layers::parse("").unwrap(), Layers::default());
        let error = Layers::parse("bounds,mass").unwrap_err();
        assert!(
            error.contains("\"mass\"") && error.contains("centers"),
            "{error}"
        );
    }
}
