import { END_EQUIPMENT, slug, type ContentLanguage, type Localized } from './taxonomy.ts';

/**
 * The design center's applications: the catalogue's markets and their end equipment (taxonomy
 * END_EQUIPMENT, the same names the search index files parts, application notes and application
 * pages under), with what an engineer needs to read first about each, in the four site languages.
 * The index generator titles its application pages from here; the site renders them.
 */

const l = (en: string, de: string, ja: string, zh: string): Localized => ({ en, de, ja, zh });

export interface MarketContent {
  /** The English name, as the index stores it (`market`). */
  indexName: string;
  slug: string;
  name: Localized;
  /** What the market's environment and standards demand of every design in it. */
  context: Localized;
  /** Media item path of the market's picture (a path in the media library, see GetMediaLibUrl). */
  image: string;
}

export interface ApplicationContent {
  /** The English name, as the index stores it (`endequipment`). */
  indexName: string;
  slug: string;
  market: MarketContent;
  name: Localized;
  /** One sentence for the guide's card and the search index. */
  summary: Localized;
  image: string;
  imageAlt: Localized;
}

const MARKET_TEXT: Record<string, { name: Localized; context: Localized; image: string }> = {
  Automotive: {
    name: l('Automotive', 'Automobil', '車載', '汽车'),
    context: l(
      'Everything on a vehicle network has to survive ISO 7637-2 transients and the ISO 16750-2 load dump, run from −40 °C to 125 °C and come from AEC-Q qualified parts with a PPAP. High-voltage traction systems add 400 V and 800 V buses, isolation monitoring and fault currents of several kiloamperes.',
      'Alles, was am Bordnetz hängt, muss die Transienten nach ISO 7637-2 und den Load Dump nach ISO 16750-2 überstehen, von −40 °C bis 125 °C arbeiten und aus AEC-Q-qualifizierten Bauteilen mit PPAP bestehen. Hochvolt-Antriebe bringen 400-V- und 800-V-Zwischenkreise, Isolationsüberwachung und Fehlerströme von mehreren Kiloampere hinzu.',
      '車載ネットワークに接続される機器はすべて、ISO 7637-2のトランジェントとISO 16750-2のロードダンプに耐え、−40 °C〜125 °Cで動作し、PPAP対応のAEC-Q認定部品で構成する必要があります。高電圧駆動系では400 V・800 Vバス、絶縁監視、数kAに達する故障電流への対策も加わります。',
      '接入车载网络的一切电路都必须承受ISO 7637-2瞬态和ISO 16750-2抛负载，在−40 °C至125 °C下工作，并采用具备PPAP的AEC-Q认证器件。高压驱动系统还要应对400 V和800 V母线、绝缘监测以及数千安培的故障电流。',
    ),
    image: 'design-center/automotive.svg',
  },
  Industrial: {
    name: l('Industrial', 'Industrie', '産業機器', '工业'),
    context: l(
      'Factory equipment shares its supply with contactors, welders and frequency inverters, so it sees IEC 61000-4-4 bursts and IEC 61000-4-5 surges every day. It must run for 15 years or more, meet UL 508 or IEC 61010 and keep working through faults that would stop a production line.',
      'Fabrikausrüstung teilt ihre Versorgung mit Schützen, Schweißgeräten und Frequenzumrichtern und sieht täglich Bursts nach IEC 61000-4-4 und Surges nach IEC 61000-4-5. Sie muss 15 Jahre und länger laufen, UL 508 oder IEC 61010 erfüllen und Fehler überstehen, die sonst eine Fertigungslinie anhalten würden.',
      '工場の設備はコンタクタ、溶接機、インバータと電源を共有するため、IEC 61000-4-4のバーストやIEC 61000-4-5のサージに日常的にさらされます。15年以上の稼働、UL 508またはIEC 61010への適合、そして生産ラインを止めかねない故障時にも動作を続けることが求められます。',
      '工厂设备与接触器、焊机和变频器共用电源，每天都会遭遇IEC 61000-4-4脉冲群和IEC 61000-4-5浪涌。设备须运行15年以上，满足UL 508或IEC 61010，并在可能导致产线停机的故障下继续工作。',
    ),
    image: 'app-motor.svg',
  },
  'Consumer Electronics': {
    name: l('Consumer Electronics', 'Unterhaltungselektronik', '民生機器', '消费电子'),
    context: l(
      'Consumer products are handled, plugged and unplugged thousands of times: every connector needs IEC 61000-4-2 ESD protection to ±15 kV air discharge, in packages of 0201 or 01005 size and with a capacitance low enough for USB 3.2 or HDMI data rates. Batteries and chargers must meet IEC 62368-1.',
      'Konsumgeräte werden tausendfach angefasst, eingesteckt und abgezogen: Jeder Steckverbinder braucht ESD-Schutz nach IEC 61000-4-2 bis ±15 kV Luftentladung, in Gehäusen der Größe 0201 oder 01005 und mit einer Kapazität, die klein genug für USB 3.2 oder HDMI ist. Akkus und Ladegeräte müssen IEC 62368-1 erfüllen.',
      '民生機器は何千回も触れられ、抜き差しされます。すべてのコネクタに、IEC 61000-4-2の気中放電±15 kVに対応し、0201や01005サイズで、USB 3.2やHDMIの伝送速度を妨げない低容量のESD保護が必要です。バッテリーと充電器はIEC 62368-1への適合が求められます。',
      '消费类产品会被反复触摸、插拔成千上万次：每个连接器都需要满足IEC 61000-4-2空气放电±15 kV的ESD保护，封装为0201或01005，且电容足够低，不影响USB 3.2或HDMI的数据速率。电池和充电器须符合IEC 62368-1。',
    ),
    image: 'app-usb.svg',
  },
  Communications: {
    name: l('Communications', 'Telekommunikation', '通信', '通信'),
    context: l(
      'Telecom ports connect to long outdoor cables that pick up lightning and power-line contact. ITU-T K.20, K.21 and K.45, Telcordia GR-1089 and IEC 61000-4-5 set the surge levels; the protection must not load high-speed lines and has to reset by itself after the event, because nobody drives to a mast to change a fuse.',
      'Telekommunikationsanschlüsse hängen an langen Außenkabeln, die Blitzeinwirkung und Berührung mit Starkstromleitungen aufnehmen. ITU-T K.20, K.21 und K.45, Telcordia GR-1089 und IEC 61000-4-5 legen die Stoßpegel fest; der Schutz darf schnelle Leitungen nicht belasten und muss sich nach dem Ereignis selbst zurücksetzen, denn niemand fährt zum Mast, um eine Sicherung zu tauschen.',
      '通信ポートは屋外の長いケーブルにつながり、雷や電力線との接触による過電圧を受けます。サージレベルはITU-T K.20・K.21・K.45、Telcordia GR-1089、IEC 61000-4-5で規定されます。保護素子は高速回線に負荷を与えてはならず、ヒューズ交換のために鉄塔へ出向くことはできないため、事象後に自己復帰する必要があります。',
      '通信端口连接着室外长电缆，会引入雷击和电力线碰触带来的过电压。ITU-T K.20、K.21、K.45，Telcordia GR-1089和IEC 61000-4-5规定了浪涌等级；保护器件不得对高速线路造成负载，并且必须在事件后自行恢复，因为没有人会为了更换保险丝专程去铁塔。',
    ),
    image: 'app-5g.svg',
  },
  Energy: {
    name: l('Energy', 'Energie', 'エネルギー', '能源'),
    context: l(
      'Energy equipment sits between the grid, the photovoltaic array and the battery: DC strings up to 1500 V, surges of installation category III and IV, and fault currents limited only by the battery. IEC 62109, IEC 61851, UL 1741 and IEC 62052 decide what is allowed, and a field failure means a service visit to a roof or a cellar.',
      'Energietechnik sitzt zwischen Netz, Photovoltaikgenerator und Batterie: DC-Strings bis 1500 V, Überspannungen der Kategorie III und IV und Fehlerströme, die nur die Batterie begrenzt. IEC 62109, IEC 61851, UL 1741 und IEC 62052 entscheiden, was zulässig ist, und ein Ausfall im Feld bedeutet einen Serviceeinsatz auf dem Dach oder im Keller.',
      'エネルギー機器は系統、太陽電池アレイ、蓄電池の間に位置します。最大1500 VのDCストリング、過電圧カテゴリIII・IVのサージ、蓄電池でしか制限されない故障電流に対応しなければなりません。IEC 62109、IEC 61851、UL 1741、IEC 62052が要件を定め、現場での故障は屋根の上や地下室への出動を意味します。',
      '能源设备位于电网、光伏阵列和电池之间：直流组串高达1500 V，承受III类和IV类过电压浪涌，故障电流仅受电池限制。IEC 62109、IEC 61851、UL 1741和IEC 62052决定了设计要求，现场失效意味着要上屋顶或下地下室维修。',
    ),
    image: 'app-meter.svg',
  },
  Lighting: {
    name: l('Lighting', 'Beleuchtung', '照明', '照明'),
    context: l(
      'Luminaires hang at the end of long mains runs and outdoors on poles, where IEC 61547 and ANSI C136.2 ask for 6 kV to 10 kV surge immunity. LED drivers must also meet IEC 61347, limit inrush current and keep their lumen output for 50,000 hours at high ambient temperature.',
      'Leuchten hängen am Ende langer Netzleitungen und im Freien an Masten, wo IEC 61547 und ANSI C136.2 eine Stoßfestigkeit von 6 kV bis 10 kV verlangen. LED-Treiber müssen außerdem IEC 61347 erfüllen, den Einschaltstrom begrenzen und ihren Lichtstrom 50 000 Stunden lang bei hoher Umgebungstemperatur halten.',
      '照明器具は長い配電線の末端や屋外のポールに設置され、IEC 61547やANSI C136.2で6 kV〜10 kVのサージ耐量が求められます。LEDドライバはさらにIEC 61347に適合し、突入電流を抑え、高い周囲温度で50,000時間にわたり光束を維持する必要があります。',
      '灯具安装在长距离供电线路末端或室外灯杆上，IEC 61547和ANSI C136.2要求6 kV至10 kV的浪涌抗扰度。LED驱动器还须符合IEC 61347，限制浪涌电流，并在高环境温度下保持50,000小时的光通量。',
    ),
    image: 'app-led.svg',
  },
  Medical: {
    name: l('Medical', 'Medizintechnik', '医療機器', '医疗'),
    context: l(
      'Medical equipment is designed to IEC 60601-1: two means of patient protection, leakage currents in the microampere range and a single fault must never harm the patient. Defibrillator pulses of 5 kV reach the inputs of patient-connected parts, and every component needs a documented life and a stable supply for years.',
      'Medizinische Geräte werden nach IEC 60601-1 entwickelt: zwei Schutzmaßnahmen für den Patienten, Ableitströme im Mikroamperebereich, und kein Einzelfehler darf den Patienten gefährden. Defibrillatorimpulse von 5 kV erreichen die Eingänge patientennaher Teile, und jedes Bauteil braucht eine dokumentierte Lebensdauer und jahrelange Lieferbarkeit.',
      '医療機器はIEC 60601-1に従って設計されます。患者保護のための2つの保護手段、マイクロアンペア単位の漏れ電流、そして単一故障で患者に危害が及ばないことが求められます。装着部の入力には5 kVの除細動パルスが加わり、すべての部品に寿命の裏付けと長期供給が必要です。',
      '医疗设备按IEC 60601-1设计：对患者采取两重保护措施，漏电流控制在微安级，任何单一故障都不得危及患者。5 kV的除颤脉冲会到达应用部分的输入端，每个器件都需要有据可查的寿命和多年稳定供货。',
    ),
    image: 'design-center/medical.svg',
  },
  'Home Appliances': {
    name: l('Home Appliances', 'Hausgeräte', '家電', '家电'),
    context: l(
      'Household appliances run unattended on the mains for a decade. IEC 60335-1 requires that an abnormal operation such as a locked motor or a dry-running heater ends safely, which takes thermal cut-offs and non-resettable fuses; IEC 61000-4-5 surges and cost targets measured in cents shape every choice.',
      'Haushaltsgeräte laufen zehn Jahre lang unbeaufsichtigt am Netz. IEC 60335-1 verlangt, dass ein anormaler Betrieb wie ein blockierter Motor oder ein trocken laufendes Heizelement sicher endet; dafür braucht es Thermosicherungen und nicht rückstellbare Sicherungen. Stoßspannungen nach IEC 61000-4-5 und Kostenziele im Centbereich prägen jede Entscheidung.',
      '家電製品は10年間、人の監視なしに商用電源で動作します。IEC 60335-1は、モータのロックやヒータの空焚きといった異常動作が安全に終わることを求めており、そのために温度ヒューズや非復帰型ヒューズが必要です。IEC 61000-4-5のサージと銭単位のコスト目標が、あらゆる部品選定を左右します。',
      '家用电器在无人看管的情况下接入市电运行十年。IEC 60335-1要求电机堵转、加热器干烧等异常工况必须安全结束，这需要温度保险丝和不可恢复保险丝；IEC 61000-4-5浪涌要求和以分计的成本目标影响着每一项选型。',
    ),
    image: 'app-appliance.svg',
  },
};

type ApplicationText = { name: Localized; summary: Localized; image?: string; imageAlt: Localized };

const APPLICATION_TEXT: Record<string, ApplicationText> = {
  // Automotive
  'Battery Management Systems': {
    name: l('Battery Management Systems', 'Batteriemanagementsysteme', 'バッテリーマネジメントシステム', '电池管理系统'),
    summary: l('Fuses, TVS diodes and NTC sensors for cell monitoring, balancing and pack disconnect.', 'Sicherungen, TVS-Dioden und NTC-Sensoren für Zellüberwachung, Balancing und Abschaltung des Batteriepacks.', 'セル監視、バランシング、パック遮断のためのヒューズ、TVSダイオード、NTCセンサ。', '用于电芯监测、均衡和电池包断开的保险丝、TVS二极管和NTC传感器。'),
    image: 'app-battery.svg',
    imageAlt: l('Battery pack', 'Akkupack', 'バッテリーパック', '电池包'),
  },
  'On-Board Chargers': {
    name: l('On-Board Chargers', 'Onboard-Ladegeräte', 'オンボードチャージャ', '车载充电机'),
    summary: l('Protection and power switching for the AC input and the high-voltage DC output of an 11 kW charger.', 'Schutz und Leistungsschaltung für den AC-Eingang und den Hochvolt-DC-Ausgang eines 11-kW-Ladegeräts.', '11 kWチャージャのAC入力と高電圧DC出力のための保護とパワースイッチング。', '11 kW充电机交流输入与高压直流输出的保护和功率开关。'),
    imageAlt: l('Charging socket of an electric car', 'Ladebuchse eines Elektroautos', '電気自動車の充電口', '电动汽车充电口'),
  },
  ADAS: {
    name: l('ADAS', 'Fahrerassistenzsysteme (ADAS)', '先進運転支援システム（ADAS）', '高级驾驶辅助系统（ADAS）'),
    summary: l('ESD protection for camera and radar links, and resettable protection for the sensor supplies.', 'ESD-Schutz für Kamera- und Radarverbindungen und rückstellbarer Schutz für die Sensorversorgungen.', 'カメラやレーダーのリンクのESD保護と、センサ電源の自己復帰型保護。', '摄像头和雷达链路的ESD保护，以及传感器供电的自恢复保护。'),
    imageAlt: l('Car with radar and camera fields', 'Auto mit Radar- und Kamerasichtfeldern', 'レーダーとカメラの検知範囲を示す車', '带雷达和摄像头探测范围的汽车'),
  },
  Infotainment: {
    name: l('Infotainment', 'Infotainment', 'インフォテインメント', '车载信息娱乐系统'),
    summary: l('ESD and overcurrent protection for USB, display and antenna ports in the dashboard.', 'ESD- und Überstromschutz für USB-, Display- und Antennenanschlüsse im Armaturenbrett.', 'ダッシュボードのUSB、ディスプレイ、アンテナポートのESD保護と過電流保護。', '仪表板USB、显示屏和天线端口的ESD和过流保护。'),
    imageAlt: l('Dashboard display', 'Display im Armaturenbrett', 'ダッシュボードのディスプレイ', '仪表板显示屏'),
  },
  'Body Electronics': {
    name: l('Body Electronics', 'Karosserieelektronik', 'ボディエレクトロニクス', '车身电子'),
    summary: l('Load-dump protection, reed position sensing and fusing for door, seat and lighting modules.', 'Load-Dump-Schutz, Reed-Positionserfassung und Absicherung für Tür-, Sitz- und Lichtmodule.', 'ドア、シート、ライトモジュール向けのロードダンプ保護、リードによる位置検出、ヒューズ保護。', '用于车门、座椅和灯光模块的抛负载保护、干簧位置检测和熔断保护。'),
    imageAlt: l('Car door module', 'Türmodul eines Autos', '自動車のドアモジュール', '汽车车门模块'),
  },
  // Industrial
  'Motor Drives': {
    name: l('Motor Drives', 'Motorantriebe', 'モータドライブ', '电机驱动'),
    summary: l('IGBTs, semiconductor fuses and thermal sensing for variable-speed drives.', 'IGBTs, Halbleiterschutzsicherungen und Temperaturerfassung für drehzahlvariable Antriebe.', '可変速ドライブ向けのIGBT、半導体保護用ヒューズ、温度検出。', '用于变频驱动的IGBT、半导体保护熔断器和温度检测。'),
    image: 'app-motor.svg',
    imageAlt: l('Electric motor', 'Elektromotor', '電動モータ', '电动机'),
  },
  PLCs: {
    name: l('PLCs', 'Speicherprogrammierbare Steuerungen (SPS)', 'プログラマブルロジックコントローラ（PLC）', '可编程逻辑控制器（PLC）'),
    summary: l('Surge and overcurrent protection for 24 V supplies and I/O, and solid-state relays for outputs.', 'Überspannungs- und Überstromschutz für 24-V-Versorgung und E/A sowie Halbleiterrelais für Ausgänge.', '24 V電源とI/Oのサージ・過電流保護、出力用ソリッドステートリレー。', '24 V电源和I/O的浪涌与过流保护，以及用于输出的固态继电器。'),
    imageAlt: l('Control cabinet with a PLC', 'Schaltschrank mit SPS', 'PLCを収めた制御盤', '装有PLC的控制柜'),
  },
  'Power Supplies': {
    name: l('Power Supplies', 'Stromversorgungen', '電源装置', '电源'),
    summary: l('Input fusing, surge suppression, inrush limiting and power MOSFETs for AC/DC supplies.', 'Eingangssicherung, Überspannungsschutz, Einschaltstrombegrenzung und Leistungs-MOSFETs für AC/DC-Netzteile.', 'AC/DC電源の入力ヒューズ、サージ抑制、突入電流制限、パワーMOSFET。', 'AC/DC电源的输入保险丝、浪涌抑制、浪涌电流限制和功率MOSFET。'),
    imageAlt: l('DIN-rail power supply', 'Hutschienen-Netzteil', 'DINレール電源', '导轨式电源'),
  },
  Robotics: {
    name: l('Robotics', 'Robotik', 'ロボット', '机器人'),
    summary: l('Protection for servo axes and 48 V buses, and reed sensors for end positions and grippers.', 'Schutz für Servoachsen und 48-V-Busse sowie Reedsensoren für Endlagen und Greifer.', 'サーボ軸と48 Vバスの保護、終端位置とグリッパ用のリードセンサ。', '伺服轴和48 V母线的保护，以及用于限位和夹爪的干簧传感器。'),
    imageAlt: l('Industrial robot arm', 'Industrieroboterarm', '産業用ロボットアーム', '工业机械臂'),
  },
  'Welding Equipment': {
    name: l('Welding Equipment', 'Schweißgeräte', '溶接機', '焊接设备'),
    summary: l('IGBTs, high-speed fuses and thermal cut-offs for inverter welders.', 'IGBTs, Halbleiterschutzsicherungen und Thermoschutz für Inverter-Schweißgeräte.', 'インバータ溶接機向けのIGBT、高速ヒューズ、温度保護。', '用于逆变焊机的IGBT、快速熔断器和过热保护。'),
    imageAlt: l('Inverter welder', 'Inverter-Schweißgerät', 'インバータ溶接機', '逆变焊机'),
  },
  // Consumer electronics
  Smartphones: {
    name: l('Smartphones', 'Smartphones', 'スマートフォン', '智能手机'),
    summary: l('Low-capacitance ESD arrays, battery protection and reed sensors for cover detection, in the smallest packages.', 'ESD-Arrays mit niedriger Kapazität, Akkuschutz und Reed-Erkennung in kleinsten Gehäusen.', '最小パッケージの低容量ESDアレイ、バッテリー保護、リードによる開閉検出。', '最小封装的低电容ESD阵列、电池保护和干簧开合检测。'),
    imageAlt: l('Smartphone', 'Smartphone', 'スマートフォン', '智能手机'),
  },
  Laptops: {
    name: l('Laptops', 'Notebooks', 'ノートパソコン', '笔记本电脑'),
    summary: l('Fuses and PTCs for the battery and USB-C power path, ESD arrays for every port, lid sensing.', 'Sicherungen und PTCs für Akku und USB-C-Leistungspfad, ESD-Arrays für jeden Anschluss, Deckelerkennung.', 'バッテリーとUSB-C電源経路のヒューズとPTC、全ポートのESDアレイ、蓋の開閉検出。', '用于电池和USB-C供电路径的保险丝和PTC、各端口的ESD阵列以及开合盖检测。'),
    imageAlt: l('Open laptop', 'Aufgeklapptes Notebook', '開いたノートパソコン', '打开的笔记本电脑'),
  },
  'USB Type-C Chargers': {
    name: l('USB Type-C Chargers', 'USB-Type-C-Ladegeräte', 'USB Type-C充電器', 'USB Type-C充电器'),
    summary: l('Mains input protection and ESD and overvoltage protection for USB PD outputs up to 48 V.', 'Netzeingangsschutz sowie ESD- und Überspannungsschutz für USB-PD-Ausgänge bis 48 V.', '商用電源入力の保護と、最大48 VのUSB PD出力のESD・過電圧保護。', '市电输入保护，以及最高48 V USB PD输出的ESD和过压保护。'),
    image: 'app-usb.svg',
    imageAlt: l('USB-C charger', 'USB-C-Ladegerät', 'USB-C充電器', 'USB-C充电器'),
  },
  Wearables: {
    name: l('Wearables', 'Wearables', 'ウェアラブル機器', '可穿戴设备'),
    summary: l('Protection for tiny lithium cells and charging contacts, and ESD for exposed sensor electrodes.', 'Schutz für kleinste Lithiumzellen und Ladekontakte sowie ESD-Schutz für offen liegende Sensorelektroden.', '小型リチウム電池と充電接点の保護、露出したセンサ電極のESD保護。', '微型锂电池和充电触点的保护，以及裸露传感器电极的ESD保护。'),
    imageAlt: l('Smartwatch', 'Smartwatch', 'スマートウォッチ', '智能手表'),
  },
  'Game Consoles': {
    name: l('Game Consoles', 'Spielkonsolen', 'ゲーム機', '游戏机'),
    summary: l('HDMI and USB ESD protection, fusing of the internal supply and thermal monitoring.', 'ESD-Schutz für HDMI und USB, Absicherung der internen Versorgung und Temperaturüberwachung.', 'HDMIとUSBのESD保護、内部電源のヒューズ保護、温度監視。', 'HDMI和USB的ESD保护、内部电源的熔断保护以及温度监测。'),
    imageAlt: l('Game console with controller', 'Spielkonsole mit Controller', 'コントローラ付きのゲーム機', '带手柄的游戏机'),
  },
  // Communications
  '5G Base Stations': {
    name: l('5G Base Stations', '5G-Basisstationen', '5G基地局', '5G基站'),
    summary: l('Gas discharge tubes and TVS diodes for antenna, power and data ports of remote radio units.', 'Gasableiter und TVS-Dioden für Antennen-, Versorgungs- und Datenanschlüsse von Remote Radio Units.', 'リモート無線装置のアンテナ、電源、データポート向けのガス放電管とTVSダイオード。', '用于射频拉远单元天线、电源和数据端口的气体放电管和TVS二极管。'),
    image: 'app-5g.svg',
    imageAlt: l('Antenna mast', 'Antennenmast', 'アンテナ鉄塔', '天线铁塔'),
  },
  'Ethernet Switches': {
    name: l('Ethernet Switches', 'Ethernet-Switches', 'イーサネットスイッチ', '以太网交换机'),
    summary: l('Surge protection for PoE ports, ESD arrays for PHYs and resettable fusing of the PoE supply.', 'Überspannungsschutz für PoE-Ports, ESD-Arrays für PHYs und rückstellbare Absicherung der PoE-Versorgung.', 'PoEポートのサージ保護、PHYのESDアレイ、PoE電源の自己復帰型保護。', 'PoE端口的浪涌保护、PHY的ESD阵列以及PoE电源的自恢复保护。'),
    imageAlt: l('Network switch', 'Netzwerk-Switch', 'ネットワークスイッチ', '网络交换机'),
  },
  'Optical Networks': {
    name: l('Optical Networks', 'Optische Netze', '光ネットワーク', '光网络'),
    summary: l('Protection of the −48 V supply, hot-swap fusing and ESD protection for optical modules.', 'Schutz der −48-V-Versorgung, Absicherung beim Hot-Swap und ESD-Schutz für optische Module.', '−48 V電源の保護、ホットスワップ時のヒューズ保護、光モジュールのESD保護。', '−48 V电源保护、热插拔熔断保护以及光模块的ESD保护。'),
    imageAlt: l('Optical line terminal', 'Optischer Leitungsabschluss', '光回線終端装置', '光线路终端'),
  },
  'DSL Modems': {
    name: l('DSL Modems', 'DSL-Modems', 'DSLモデム', 'DSL调制解调器'),
    summary: l('Primary and secondary protection of the copper line to ITU-T K.21, with resettable overcurrent parts.', 'Primär- und Sekundärschutz der Kupferleitung nach ITU-T K.21 mit rückstellbaren Überstrombauteilen.', 'ITU-T K.21に準拠した銅線回線の一次・二次保護と自己復帰型過電流保護。', '符合ITU-T K.21的铜线一级和二级保护，配合自恢复过流器件。'),
    imageAlt: l('DSL modem', 'DSL-Modem', 'DSLモデム', 'DSL调制解调器'),
  },
  // Energy
  'Solar Inverters': {
    name: l('Solar Inverters', 'Solarwechselrichter', '太陽光発電用インバータ', '光伏逆变器'),
    summary: l('1500 V DC string fuses, surge protection and power semiconductors for PV inverters.', 'DC-Strangsicherungen bis 1500 V, Überspannungsschutz und Leistungshalbleiter für PV-Wechselrichter.', 'PVインバータ向けの1500 V DCストリングヒューズ、サージ保護、パワー半導体。', '用于光伏逆变器的1500 V直流组串熔断器、浪涌保护和功率半导体。'),
    imageAlt: l('Solar panels and an inverter', 'Solarmodule und Wechselrichter', '太陽光パネルとインバータ', '光伏板和逆变器'),
  },
  'EV Charging Stations': {
    name: l('EV Charging Stations', 'Ladestationen für Elektrofahrzeuge', 'EV充電ステーション', '电动汽车充电站'),
    summary: l('Overcurrent, surge and residual-current protection for AC wallboxes and DC fast chargers.', 'Überstrom-, Überspannungs- und Fehlerstromschutz für AC-Wallboxen und DC-Schnellladestationen.', 'ACウォールボックスとDC急速充電器の過電流・サージ・漏電保護。', '交流壁挂充电桩和直流快充桩的过流、浪涌和剩余电流保护。'),
    image: 'app-ev-charging.svg',
    imageAlt: l('EV charger', 'Ladesäule', 'EV充電器', '电动汽车充电桩'),
  },
  'Smart Meters': {
    name: l('Smart Meters', 'Intelligente Stromzähler', 'スマートメーター', '智能电表'),
    summary: l('Surge protection of the power supply, reed sensors for tamper detection and latching relays for disconnect.', 'Überspannungsschutz der Versorgung, Reedsensoren zur Manipulationserkennung und Relais zum Abschalten.', '電源のサージ保護、不正開封検出用リードセンサ、遮断用リレー。', '电源浪涌保护、防窃电检测用干簧传感器和用于断电的继电器。'),
    image: 'app-meter.svg',
    imageAlt: l('Electricity meter', 'Stromzähler', '電力量計', '电能表'),
  },
  'Energy Storage': {
    name: l('Energy Storage', 'Energiespeicher', '蓄電システム', '储能系统'),
    summary: l('High-voltage DC fuses, contactor-side surge protection and cell temperature sensing for battery storage.', 'Hochvolt-DC-Sicherungen, Überspannungsschutz und Zelltemperaturerfassung für Batteriespeicher.', '蓄電池システム向けの高電圧DCヒューズ、サージ保護、セル温度検出。', '用于电池储能的高压直流熔断器、浪涌保护和电芯温度检测。'),
    imageAlt: l('Battery storage cabinet', 'Batteriespeicherschrank', '蓄電池キャビネット', '储能电池柜'),
  },
  // Lighting
  'LED Drivers': {
    name: l('LED Drivers', 'LED-Treiber', 'LEDドライバ', 'LED驱动器'),
    summary: l('Varistors and fuses for LED drivers exposed to mains surges, and NTCs for thermal derating.', 'Varistoren und Sicherungen für LED-Treiber, die Netzüberspannungen ausgesetzt sind, und NTCs für die thermische Leistungsreduzierung.', '商用電源のサージにさらされるLEDドライバ向けのバリスタとヒューズ、熱ディレーティング用NTC。', '用于承受市电浪涌的LED驱动器的压敏电阻和保险丝，以及用于热降额的NTC。'),
    image: 'app-led.svg',
    imageAlt: l('LED lamp', 'LED-Lampe', 'LEDランプ', 'LED灯'),
  },
  'Street Lighting': {
    name: l('Street Lighting', 'Straßenbeleuchtung', '街路灯', '路灯'),
    summary: l('10 kV surge protection, thermally protected varistors and fusing for outdoor luminaires.', 'Überspannungsschutz bis 10 kV, thermisch geschützte Varistoren und Sicherungen für Außenleuchten.', '屋外照明向けの10 kVサージ保護、温度保護付きバリスタ、ヒューズ。', '用于户外灯具的10 kV浪涌保护、带热保护的压敏电阻和保险丝。'),
    imageAlt: l('Street light', 'Straßenleuchte', '街路灯', '路灯'),
  },
  Ballasts: {
    name: l('Ballasts', 'Vorschaltgeräte', '安定器', '镇流器'),
    summary: l('Input protection and thyristor switching for electronic ballasts of fluorescent and HID lamps.', 'Eingangsschutz und Thyristorschaltung für elektronische Vorschaltgeräte von Leuchtstoff- und Hochdrucklampen.', '蛍光灯やHIDランプの電子安定器向けの入力保護とサイリスタによるスイッチング。', '用于荧光灯和HID灯电子镇流器的输入保护和晶闸管开关。'),
    imageAlt: l('Fluorescent tube', 'Leuchtstoffröhre', '蛍光管', '荧光灯管'),
  },
  // Medical
  'Patient Monitors': {
    name: l('Patient Monitors', 'Patientenmonitore', '患者モニタ', '病人监护仪'),
    summary: l('Defibrillator-proof input protection, battery fusing and temperature sensing for bedside monitors.', 'Defibrillationsfester Eingangsschutz, Akkusicherung und Temperaturerfassung für Überwachungsmonitore am Bett.', 'ベッドサイドモニタ向けの除細動耐性入力保護、バッテリーヒューズ、温度検出。', '用于床旁监护仪的防除颤输入保护、电池熔断保护和温度检测。'),
    imageAlt: l('Patient monitor', 'Patientenmonitor', '患者モニタ', '病人监护仪'),
  },
  'Infusion Pumps': {
    name: l('Infusion Pumps', 'Infusionspumpen', '輸液ポンプ', '输液泵'),
    summary: l('Reed sensors for door and syringe detection, motor protection and battery fusing.', 'Reedsensoren für Tür- und Spritzenerkennung, Motorschutz und Akkusicherung.', 'ドアとシリンジ検出用のリードセンサ、モータ保護、バッテリーヒューズ。', '用于泵门和注射器检测的干簧传感器、电机保护和电池熔断保护。'),
    imageAlt: l('Infusion pump', 'Infusionspumpe', '輸液ポンプ', '输液泵'),
  },
  'Imaging Systems': {
    name: l('Imaging Systems', 'Bildgebende Systeme', '画像診断装置', '医学影像系统'),
    summary: l('Power semiconductors, fast fuses and isolated relays for X-ray, CT and ultrasound systems.', 'Leistungshalbleiter, schnelle Sicherungen und isolierte Relais für Röntgen-, CT- und Ultraschallsysteme.', 'X線、CT、超音波装置向けのパワー半導体、速断ヒューズ、絶縁リレー。', '用于X射线、CT和超声系统的功率半导体、快速熔断器和隔离继电器。'),
    imageAlt: l('CT scanner', 'Computertomograph', 'CTスキャナ', 'CT扫描仪'),
  },
  // Home appliances
  'Washing Machines': {
    name: l('Washing Machines', 'Waschmaschinen', '洗濯機', '洗衣机'),
    summary: l('Triacs for the motor and valves, reed sensors for the door lock and fusing of the heater.', 'Triacs für Motor und Ventile, Reedsensoren für die Türverriegelung und Absicherung der Heizung.', 'モータとバルブ用のトライアック、ドアロック用リードセンサ、ヒータのヒューズ保護。', '用于电机和阀门的双向可控硅、门锁干簧传感器以及加热器熔断保护。'),
    image: 'app-appliance.svg',
    imageAlt: l('Washing machine', 'Waschmaschine', '洗濯機', '洗衣机'),
  },
  Refrigerators: {
    name: l('Refrigerators', 'Kühlschränke', '冷蔵庫', '冰箱'),
    summary: l('NTC sensors for compartment control, reed door switches and protection of the compressor drive.', 'NTC-Sensoren für die Fachregelung, Reed-Türschalter und Schutz des Kompressorantriebs.', '庫内制御用NTCセンサ、リードドアスイッチ、コンプレッサ駆動の保護。', '用于温区控制的NTC传感器、干簧门开关和压缩机驱动保护。'),
    imageAlt: l('Refrigerator', 'Kühlschrank', '冷蔵庫', '冰箱'),
  },
  HVAC: {
    name: l('HVAC', 'Heizungs-, Lüftungs- und Klimatechnik', '空調機器（HVAC）', '暖通空调（HVAC）'),
    summary: l('Surge protection, compressor inverter switching and temperature sensing for heat pumps and air conditioners.', 'Überspannungsschutz, Kompressor-Umrichter und Temperaturerfassung für Wärmepumpen und Klimageräte.', 'ヒートポンプとエアコン向けのサージ保護、コンプレッサインバータ、温度検出。', '用于热泵和空调的浪涌保护、压缩机变频开关和温度检测。'),
    imageAlt: l('Outdoor unit of a heat pump', 'Außeneinheit einer Wärmepumpe', 'ヒートポンプの室外機', '热泵室外机'),
  },
  'Induction Cooktops': {
    name: l('Induction Cooktops', 'Induktionskochfelder', 'IHクッキングヒーター', '电磁炉'),
    summary: l('IGBTs for the resonant inverter, NTC sensing under the glass and fusing of the mains input.', 'IGBTs für den Resonanzwechselrichter, NTC-Erfassung unter dem Glas und Absicherung des Netzeingangs.', '共振インバータ用IGBT、トッププレート下のNTC温度検出、商用電源入力のヒューズ保護。', '用于谐振逆变器的IGBT、面板下的NTC测温以及市电输入熔断保护。'),
    imageAlt: l('Induction cooktop', 'Induktionskochfeld', 'IHクッキングヒーター', '电磁炉'),
  },
};

export const DESIGN_CENTER_MARKETS: MarketContent[] = Object.keys(END_EQUIPMENT).map((indexName) => {
  const text = MARKET_TEXT[indexName];
  if (!text) throw new Error(`design center: no text for the market ${indexName}`);
  return { indexName, slug: slug(indexName), ...text };
});

export const DESIGN_CENTER_APPLICATIONS: ApplicationContent[] = DESIGN_CENTER_MARKETS.flatMap((market) =>
  (END_EQUIPMENT[market.indexName] ?? []).map((indexName) => {
    const text = APPLICATION_TEXT[indexName];
    if (!text) throw new Error(`design center: no text for the application ${indexName}`);
    return { indexName, slug: slug(indexName), market, name: text.name, summary: text.summary, image: text.image ?? market.image, imageAlt: text.imageAlt };
  }),
);

/** The site path (without a language prefix) of an application's page. */
export function applicationPath(application: Pick<ApplicationContent, 'slug' | 'market'>): string {
  return `/design-center/applications/${application.market.slug}/${application.slug}`;
}

export function findMarket(marketSlug: string): MarketContent | undefined {
  return DESIGN_CENTER_MARKETS.find((market) => market.slug === marketSlug);
}

export function findApplication(marketSlug: string, applicationSlug: string): ApplicationContent | undefined {
  return DESIGN_CENTER_APPLICATIONS.find((application) => application.market.slug === marketSlug && application.slug === applicationSlug);
}

export function localized(value: Localized, language: ContentLanguage): string {
  return value[language] || value.en;
}

/**
 * Every page of the wildcard item /design-center/applications/,-w-, (no language prefix): the
 * 8 market pages and the 33 application pages, for the sitemap and link checks. Each exists in
 * every language (/de, /ja-jp, the Chinese host).
 */
export function designCenterApplicationPaths(): string[] {
  return [...DESIGN_CENTER_MARKETS.map((market) => `/design-center/applications/${market.slug}`), ...DESIGN_CENTER_APPLICATIONS.map(applicationPath)];
}
