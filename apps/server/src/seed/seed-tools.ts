export interface SeedTool {
  toolName: string;
  description: string;
  img: string;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

/** Inserted in array order and listed newest first: the last entries show first on the home page. */
export const seedTools: SeedTool[] = [
  {
    toolName: 'Voltline WL-30 Rechargeable LED Work Light',
    description:
      '30 W LED flood light with 3,000 lumens, three brightness levels and up to 6 hours of runtime from the built-in 18 V pack. Folding steel stand, IP54 housing and a USB-C port for charging phones on site.',
    img: '/images/tools/led-work-light.svg',
    price: 59,
    minimumOrderQuantity: 10,
    availableQuantity: 240,
  },
  {
    toolName: 'Voltline CC-500 Long-Handle Cable Cutter',
    description:
      'Hardened steel shear blades cut copper and aluminium cable up to 500 mm² (about 1,000 MCM) in a single clean stroke. 600 mm handles with non-slip grips give the leverage; not for steel wire rope.',
    img: '/images/tools/cable-cutter.svg',
    price: 48,
    minimumOrderQuantity: 10,
    availableQuantity: 180,
  },
  {
    toolName: 'Voltline JS-650 Pendulum Jigsaw',
    description:
      '650 W jigsaw with 4-stage pendulum action, 500-3,100 strokes per minute and a 26 mm stroke length. Cuts 85 mm in wood and 10 mm in steel; tool-free T-shank blade change and a 0-45° bevel shoe.',
    img: '/images/tools/jigsaw.svg',
    price: 119,
    minimumOrderQuantity: 5,
    availableQuantity: 90,
  },
  {
    toolName: 'Voltline VT-1000 Non-Contact Voltage Tester',
    description:
      'Pen-style detector for 12-1,000 V AC with dual sensitivity, red LED tip and beeper that speeds up as the source gets closer. CAT IV 1000 V rated, built-in torch, auto power-off, runs on two AAA cells.',
    img: '/images/tools/voltage-tester.svg',
    price: 19,
    minimumOrderQuantity: 50,
    availableQuantity: 2400,
  },
  {
    toolName: 'Voltline HG-2000 Heat Gun',
    description:
      '2,000 W heat gun with digital display, temperature adjustable from 50 to 600 °C in 10 °C steps and two airflow settings (250/500 L/min). Ships with four nozzles for heat-shrink tubing, paint and soldering.',
    img: '/images/tools/heat-gun.svg',
    price: 69,
    minimumOrderQuantity: 5,
    availableQuantity: 150,
  },
  {
    toolName: 'Voltline IR-1000 Insulation Resistance Tester',
    description:
      'Tests insulation at 250, 500 and 1,000 V DC up to 20 GΩ with an analogue arc plus digital readout. Includes polarisation index, continuity at 200 mA and a live-circuit warning. CAT III 600 V, with leads and clips.',
    img: '/images/tools/insulation-tester.svg',
    price: 349,
    minimumOrderQuantity: 1,
    availableQuantity: 25,
  },
  {
    toolName: 'Voltline CS-185 Circular Saw',
    description:
      '1,400 W circular saw with a 185 mm carbide blade turning at 5,200 rpm. Maximum depth of cut 65 mm at 90° and 45 mm at 45°, aluminium base plate, electric brake and a dust port for workshop extraction.',
    img: '/images/tools/circular-saw.svg',
    price: 139,
    minimumOrderQuantity: 2,
    availableQuantity: 60,
  },
  {
    toolName: 'Voltline WS-22 Wire Stripper and Cutter',
    description:
      'Precision-ground stripping holes for 10-22 AWG solid and stranded wire, a hardened cutting edge near the pivot and a looping hole for bending. Forged steel with dual-colour cushion grips; 190 mm long.',
    img: '/images/tools/wire-stripper.svg',
    price: 16,
    minimumOrderQuantity: 50,
    availableQuantity: 1800,
  },
  {
    toolName: 'Voltline CM-400 AC/DC Clamp Meter',
    description:
      'True-RMS clamp meter measuring 400 A AC and DC through a 30 mm jaw, plus 600 V, resistance, capacitance and continuity. Zero button for DC current, inrush capture, backlit 4,000-count display, CAT III 600 V.',
    img: '/images/tools/clamp-meter.svg',
    price: 89,
    minimumOrderQuantity: 10,
    availableQuantity: 220,
  },
  {
    toolName: 'Voltline HD-850 Corded Hammer Drill',
    description:
      '850 W hammer drill with 0-3,000 rpm and up to 48,000 blows per minute for concrete and masonry up to 16 mm. 13 mm keyed chuck, drill/hammer selector, 360° side handle and a metal depth stop included.',
    img: '/images/tools/hammer-drill.svg',
    price: 99,
    minimumOrderQuantity: 5,
    availableQuantity: 110,
  },
  {
    toolName: 'Voltline ID-18 Brushless Impact Driver',
    description:
      '18 V brushless impact driver delivering 180 Nm of torque, 0-2,800 rpm and 3,600 impacts per minute. 1/4" hex quick-release collet, three speed modes and an LED light; sold bare tool, batteries sold separately.',
    img: '/images/tools/impact-driver.svg',
    price: 129,
    minimumOrderQuantity: 5,
    availableQuantity: 140,
  },
  {
    toolName: 'Voltline DM-600 True-RMS Digital Multimeter',
    description:
      '6,000-count true-RMS multimeter for 1,000 V AC/DC, 10 A, resistance to 60 MΩ, capacitance, frequency and temperature. Auto-ranging, diode and continuity tests, backlit display, CAT III 1000 V with silicone probes.',
    img: '/images/tools/digital-multimeter.svg',
    price: 65,
    minimumOrderQuantity: 10,
    availableQuantity: 300,
  },
  {
    toolName: 'Voltline AG-125 Angle Grinder',
    description:
      '1,100 W angle grinder for 125 mm discs, 11,500 rpm no-load speed with soft start and restart protection. Tool-free adjustable guard, spindle lock, two-position side handle and an M14 spindle thread.',
    img: '/images/tools/angle-grinder.svg',
    price: 79,
    minimumOrderQuantity: 5,
    availableQuantity: 160,
  },
  {
    toolName: 'Voltline SS-80 Digital Soldering Station',
    description:
      '80 W soldering station with a temperature range of 150-450 °C, reaching 350 °C in under 20 seconds. ESD-safe iron, LED readout, three memory presets, sleep mode, spiral iron holder with sponge and brass wool.',
    img: '/images/tools/soldering-station.svg',
    price: 109,
    minimumOrderQuantity: 2,
    availableQuantity: 70,
  },
  {
    toolName: 'Voltline CT-6 Ratcheting Crimping Tool',
    description:
      'Ratcheting crimper for insulated red, blue and yellow terminals from 0.5 to 6 mm² (22-10 AWG). The ratchet only releases after a full crimp, and the adjustment screw restores the pressure as the dies wear.',
    img: '/images/tools/crimping-tool.svg',
    price: 34,
    minimumOrderQuantity: 20,
    availableQuantity: 600,
  },
  {
    toolName: 'Voltline DD-18 Cordless Drill Driver',
    description:
      '18 V brushless drill driver with 60 Nm of torque, 2-speed gearbox (0-500 / 0-1,800 rpm), 21+1 clutch settings and a 13 mm keyless metal chuck. Comes with two 2.0 Ah batteries, fast charger and a carry case.',
    img: '/images/tools/cordless-drill-driver.svg',
    price: 159,
    minimumOrderQuantity: 5,
    availableQuantity: 120,
  },
];
